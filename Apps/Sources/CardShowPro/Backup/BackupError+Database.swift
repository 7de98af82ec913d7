import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BackupError {
    /// A failed copy between databases in words. SQLite records a failed backup step in the
    /// step's result code alone, so the connection's message is "not an error": a full disk
    /// (or a file past `ulimit -f`) would be reported as "Backup failed: not an error.".
    /// `restoring`: the copy is the store a backup is restored into.
    static func failed(copying error: DatabaseError, restoring: Bool = false) -> BackupError {
        let limit = fileSizeLimited
            ? "; this shell limits the size of the files its programs write (ulimit -f), which may be what stopped it: raise it and try again"
            : ""
        let copy = restoring ? "the store" : "the copy"
        let reason: String
        switch error.resultCode {
        case .SQLITE_FULL:
            reason = "the disk is full, or \(copy) reached its size limit; nothing was changed\(limit)"
        case .SQLITE_IOERR:
            reason = "the disk reported an error writing \(copy); nothing was changed\(limit)"
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM:
            reason = "\(copy) could not be written there (read-only, or this user may not write it); nothing was changed"
        default:
            if let message = error.message, message != "not an error" {
                reason = message
            } else {
                reason = "\(copy) could not be written (error \(error.resultCode.rawValue)); nothing was changed"
            }
        }
        return restoring ? .restoreFailed(reason) : .failed(reason)
    }

    /// Whether the shell set a limit on the size of the files this process writes (`ulimit -f`).
    private static var fileSizeLimited: Bool {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        #else
        let resource = RLIMIT_FSIZE
        #endif
        return getrlimit(resource, &limit) == 0 && limit.rlim_cur != rlim_t.max
    }
}
