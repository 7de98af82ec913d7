#ifndef FAULT_INJECTION_H
#define FAULT_INJECTION_H

/// A test-only SQLite VFS that wraps the default one and makes writes and syncs of
/// chosen files fail on demand, so that tests can see what a save does when the
/// disk fills up or reports an I/O error part-way through.
///
/// Faults are armed per path prefix (a test's own temporary directory), so tests
/// running at the same time in one process do not see each other's faults; files
/// under no armed prefix pass straight through to the wrapped VFS.

/// Registers the VFS as SQLite's default, once. Connections opened afterwards use it.
/// Returns an SQLite result code (0 when installed).
int fault_injection_install(void);

/// What an armed fault fails.
typedef enum {
    /// The `after`+1-th write to a file under the prefix fails with `error_code`.
    FAULT_ON_WRITE = 0,
    /// The `after`+1-th sync of a file under the prefix fails with `error_code`.
    FAULT_ON_SYNC = 1,
    /// Every write that would make a file under the prefix longer than `after` bytes
    /// fails with `error_code` (SQLITE_FULL: a small disk).
    FAULT_ON_SIZE = 2,
    /// The `after`+1-th read of a file under the prefix fails with `error_code`.
    FAULT_ON_READ = 3,
} fault_operation;

/// Arms a fault for files whose path begins with `prefix`, replacing any fault armed
/// for that prefix. Returns 0, or -1 when too many prefixes are armed.
int fault_injection_arm(const char *prefix, fault_operation operation, long long after, int error_code);

/// Disarms the fault of `prefix`; its files pass through again.
void fault_injection_clear(const char *prefix);

/// How many operations on files under `prefix` failed since it was armed.
long long fault_injection_failures(const char *prefix);

#endif
