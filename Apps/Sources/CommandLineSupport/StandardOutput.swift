// Only the C library here: C's `stdout` is a mutable global to Swift 6, and a
// @preconcurrency import of it counts only in a file that does not also import Foundation.
// The tool touches standard output from the main thread alone.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Standard output, written through C's buffered `stdout` (as `print` is) so that one
/// check at the end catches every failed write: a full disk or a closed device must not
/// end in exit status 0 with the data lost.
public enum StandardOutput {
    public static func write(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        _ = fwrite(base, 1, bytes.count, stdout)
    }

    /// Hands what was written so far on, for output that streams (`trendy follow`),
    /// whose reader waits for each line.
    public static func flush() {
        fflush(stdout)
    }

    /// Flushes standard output; returns why writing failed, or nil when all was written.
    public static func finish() -> String? {
        let flushed = fflush(stdout) == 0
        guard !flushed || ferror(stdout) != 0 else { return nil }
        // A write that failed before this flush (`stdout` hands its buffer on each 4 KB) left
        // no error number to read now: where the output goes tells what it was.
        let code = flushed ? failureSeenWhereOutputGoes() : errno
        return switch code {
        case EFBIG: "it would be larger than the files this shell lets its programs write (ulimit -f)"
        case EBADF: UnusableStandardStream.writeFailureReason(STDOUT_FILENO, name: "standard output") + ", so what the command had to say "
            + "was lost; what it did is done"
        // A change was saved before its output was written: said, or the user runs it again.
        case ENOSPC: "the disk it goes to is full, so what the command had to say was lost; what it did is done.\n"
            + "Look with a listing before running it again; free some space there, or send the output elsewhere"
        default: String(cString: strerror(code)) + ", so what the command had to say was lost; what it did is done"
        }
    }

    /// The error an earlier write to standard output most likely met: a full disk where the
    /// output's file system has no room left (or it is `/dev/full`), else an input/output error.
    private static func failureSeenWhereOutputGoes() -> Int32 {
        var file = stat()
        guard fstat(STDOUT_FILENO, &file) == 0 else { return EBADF }
        let devFull: UInt64 = 0x0107   // character device 1, 7
        if file.st_mode & S_IFMT == S_IFCHR, UInt64(file.st_rdev) == devFull { return ENOSPC }
        var disk = statvfs()
        if fstatvfs(STDOUT_FILENO, &disk) == 0, disk.f_bavail == 0 { return ENOSPC }
        return EIO
    }
}
