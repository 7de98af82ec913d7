// A pass-through VFS whose writes and syncs fail when a test arms a fault for the
// file's directory. See FaultInjection.h.
#include "FaultInjection.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stddef.h>
#include <string.h>

#define MAX_FAULTS 16
#define MAX_PREFIX 1024

typedef struct {
    int armed;
    char prefix[MAX_PREFIX];
    fault_operation operation;
    long long after;      // operations allowed before failing, or the size limit
    long long seen;       // matching operations so far
    int error_code;
    long long failures;
} fault;

static fault faults[MAX_FAULTS];
static int armedCount = 0;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static sqlite3_vfs *wrapped = NULL;
static sqlite3_vfs vfs;

// The file SQLite sees: our methods, the path, and the wrapped VFS's file after them.
typedef struct {
    sqlite3_file base;
    const char *path;
    sqlite3_file *real;
} fault_file;

#define REAL_OFFSET ((sizeof(fault_file) + 15) & ~(size_t)15)

/// The error an operation on `path` must fail with, or SQLITE_OK. `end` is where a
/// write ends (for size limits).
static int fault_check(const char *path, fault_operation operation, long long end) {
    if (path == NULL || __atomic_load_n(&armedCount, __ATOMIC_ACQUIRE) == 0) return SQLITE_OK;
    int result = SQLITE_OK;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_FAULTS; i++) {
        fault *f = &faults[i];
        if (!f->armed || strncmp(path, f->prefix, strlen(f->prefix)) != 0) continue;
        if (f->operation == FAULT_ON_SIZE) {
            if (operation == FAULT_ON_WRITE && end > f->after) result = f->error_code;
        } else if (f->operation == operation) {
            // Once the count is reached every later operation fails too, as on a
            // full disk or a failing device, until the test clears the fault.
            f->seen += 1;
            if (f->seen > f->after) result = f->error_code;
        }
        if (result != SQLITE_OK) f->failures += 1;
        break;
    }
    pthread_mutex_unlock(&lock);
    return result;
}

static int fClose(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    int rc = f->real->pMethods ? f->real->pMethods->xClose(f->real) : SQLITE_OK;
    f->real->pMethods = NULL;
    return rc;
}
static int fRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    fault_file *f = (fault_file *)file;
    int rc = fault_check(f->path, FAULT_ON_READ, 0);
    if (rc != SQLITE_OK) return rc;
    return f->real->pMethods->xRead(f->real, buffer, amount, offset);
}
static int fWrite(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    fault_file *f = (fault_file *)file;
    int rc = fault_check(f->path, FAULT_ON_WRITE, offset + amount);
    if (rc != SQLITE_OK) return rc;
    return f->real->pMethods->xWrite(f->real, buffer, amount, offset);
}
static int fTruncate(sqlite3_file *file, sqlite3_int64 size) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xTruncate(f->real, size);
}
static int fSync(sqlite3_file *file, int flags) {
    fault_file *f = (fault_file *)file;
    int rc = fault_check(f->path, FAULT_ON_SYNC, 0);
    if (rc != SQLITE_OK) return rc;
    return f->real->pMethods->xSync(f->real, flags);
}
static int fFileSize(sqlite3_file *file, sqlite3_int64 *size) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xFileSize(f->real, size);
}
static int fLock(sqlite3_file *file, int level) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xLock(f->real, level);
}
static int fUnlock(sqlite3_file *file, int level) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xUnlock(f->real, level);
}
static int fCheckReservedLock(sqlite3_file *file, int *out) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xCheckReservedLock(f->real, out);
}
static int fFileControl(sqlite3_file *file, int op, void *arg) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xFileControl(f->real, op, arg);
}
static int fSectorSize(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xSectorSize(f->real);
}
static int fDeviceCharacteristics(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xDeviceCharacteristics(f->real);
}
static int fShmMap(sqlite3_file *file, int page, int size, int extend, void volatile **out) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xShmMap(f->real, page, size, extend, out);
}
static int fShmLock(sqlite3_file *file, int offset, int n, int flags) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xShmLock(f->real, offset, n, flags);
}
static void fShmBarrier(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    f->real->pMethods->xShmBarrier(f->real);
}
static int fShmUnmap(sqlite3_file *file, int deleteFlag) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xShmUnmap(f->real, deleteFlag);
}
static int fFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xFetch(f->real, offset, amount, out);
}
static int fUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xUnfetch(f->real, offset, pointer);
}

// A wrapped file offers the methods of its own version and no more (SQLite reads
// the version before calling the shared-memory and memory-map methods).
static sqlite3_io_methods methods3 = {
    3, fClose, fRead, fWrite, fTruncate, fSync, fFileSize, fLock, fUnlock, fCheckReservedLock,
    fFileControl, fSectorSize, fDeviceCharacteristics, fShmMap, fShmLock, fShmBarrier, fShmUnmap, fFetch, fUnfetch,
};
static sqlite3_io_methods methods2 = {
    2, fClose, fRead, fWrite, fTruncate, fSync, fFileSize, fLock, fUnlock, fCheckReservedLock,
    fFileControl, fSectorSize, fDeviceCharacteristics, fShmMap, fShmLock, fShmBarrier, fShmUnmap, NULL, NULL,
};
static sqlite3_io_methods methods1 = {
    1, fClose, fRead, fWrite, fTruncate, fSync, fFileSize, fLock, fUnlock, fCheckReservedLock,
    fFileControl, fSectorSize, fDeviceCharacteristics, NULL, NULL, NULL, NULL, NULL, NULL,
};

static int vOpen(sqlite3_vfs *self, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)self;
    fault_file *f = (fault_file *)file;
    f->path = name;
    f->real = (sqlite3_file *)((char *)file + REAL_OFFSET);
    f->real->pMethods = NULL;
    int rc = wrapped->xOpen(wrapped, name, f->real, flags, outFlags);
    if (f->real->pMethods == NULL) {
        file->pMethods = NULL;
    } else {
        int version = f->real->pMethods->iVersion;
        file->pMethods = version >= 3 ? &methods3 : version == 2 ? &methods2 : &methods1;
    }
    return rc;
}
static int vDelete(sqlite3_vfs *self, const char *name, int syncDir) {
    (void)self;
    return wrapped->xDelete(wrapped, name, syncDir);
}
static int vAccess(sqlite3_vfs *self, const char *name, int flags, int *out) {
    (void)self;
    return wrapped->xAccess(wrapped, name, flags, out);
}
static int vFullPathname(sqlite3_vfs *self, const char *name, int size, char *out) {
    (void)self;
    return wrapped->xFullPathname(wrapped, name, size, out);
}
static void *vDlOpen(sqlite3_vfs *self, const char *name) {
    (void)self;
    return wrapped->xDlOpen(wrapped, name);
}
static void vDlError(sqlite3_vfs *self, int size, char *out) {
    (void)self;
    wrapped->xDlError(wrapped, size, out);
}
static void (*vDlSym(sqlite3_vfs *self, void *handle, const char *symbol))(void) {
    (void)self;
    return wrapped->xDlSym(wrapped, handle, symbol);
}
static void vDlClose(sqlite3_vfs *self, void *handle) {
    (void)self;
    wrapped->xDlClose(wrapped, handle);
}
static int vRandomness(sqlite3_vfs *self, int size, char *out) {
    (void)self;
    return wrapped->xRandomness(wrapped, size, out);
}
static int vSleep(sqlite3_vfs *self, int microseconds) {
    (void)self;
    return wrapped->xSleep(wrapped, microseconds);
}
static int vCurrentTime(sqlite3_vfs *self, double *out) {
    (void)self;
    return wrapped->xCurrentTime(wrapped, out);
}
static int vGetLastError(sqlite3_vfs *self, int size, char *out) {
    (void)self;
    return wrapped->xGetLastError ? wrapped->xGetLastError(wrapped, size, out) : 0;
}
static int vCurrentTimeInt64(sqlite3_vfs *self, sqlite3_int64 *out) {
    (void)self;
    return wrapped->xCurrentTimeInt64(wrapped, out);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int installResult = SQLITE_ERROR;

static void install(void) {
    wrapped = sqlite3_vfs_find(NULL);
    if (wrapped == NULL || wrapped->iVersion < 2) return;
    memset(&vfs, 0, sizeof vfs);
    vfs.iVersion = 2;
    vfs.szOsFile = (int)(REAL_OFFSET + (size_t)wrapped->szOsFile);
    vfs.mxPathname = wrapped->mxPathname;
    vfs.zName = "openswiftdata-fault-injection";
    vfs.xOpen = vOpen;
    vfs.xDelete = vDelete;
    vfs.xAccess = vAccess;
    vfs.xFullPathname = vFullPathname;
    vfs.xDlOpen = vDlOpen;
    vfs.xDlError = vDlError;
    vfs.xDlSym = vDlSym;
    vfs.xDlClose = vDlClose;
    vfs.xRandomness = vRandomness;
    vfs.xSleep = vSleep;
    vfs.xCurrentTime = vCurrentTime;
    vfs.xGetLastError = vGetLastError;
    vfs.xCurrentTimeInt64 = vCurrentTimeInt64;
    installResult = sqlite3_vfs_register(&vfs, 1);
}

int fault_injection_install(void) {
    pthread_once(&once, install);
    return installResult;
}

int fault_injection_arm(const char *prefix, fault_operation operation, long long after, int error_code) {
    if (strlen(prefix) >= MAX_PREFIX) return -1;
    pthread_mutex_lock(&lock);
    int slot = -1;
    for (int i = 0; i < MAX_FAULTS; i++) {
        if (faults[i].armed && strcmp(faults[i].prefix, prefix) == 0) { slot = i; break; }
        if (!faults[i].armed && slot < 0) slot = i;
    }
    if (slot >= 0) {
        fault *f = &faults[slot];
        if (!f->armed) __atomic_add_fetch(&armedCount, 1, __ATOMIC_RELEASE);
        f->armed = 1;
        strcpy(f->prefix, prefix);
        f->operation = operation;
        f->after = after;
        f->seen = 0;
        f->error_code = error_code;
        f->failures = 0;
    }
    pthread_mutex_unlock(&lock);
    return slot >= 0 ? 0 : -1;
}

void fault_injection_clear(const char *prefix) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_FAULTS; i++) {
        if (faults[i].armed && strcmp(faults[i].prefix, prefix) == 0) {
            faults[i].armed = 0;
            __atomic_sub_fetch(&armedCount, 1, __ATOMIC_RELEASE);
        }
    }
    pthread_mutex_unlock(&lock);
}

long long fault_injection_failures(const char *prefix) {
    long long failures = 0;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_FAULTS; i++) {
        if (faults[i].armed && strcmp(faults[i].prefix, prefix) == 0) failures = faults[i].failures;
    }
    pthread_mutex_unlock(&lock);
    return failures;
}
