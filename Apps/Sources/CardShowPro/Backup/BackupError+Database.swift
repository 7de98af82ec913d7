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
    static func failed(copying error: DatabaseError) -> BackupError {
        let limit = fileSizeLimited
            ? "; this shell limits the size of the files its programs write (ulimit -f), which may be what stopped it: raise it and try again"
            : ""
        switch error.resultCode {
        case .SQLITE_FULL:
            return .failed("the disk is full, or the copy reached its size limit; nothing was changed\(limit)")
        case .SQLITE_IOERR:
            return .failed("the disk reported an error writing the copy; nothing was changed\(limit)")
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM:
            return .failed("the copy could not be written there (read-only, or this user may not write it); nothing was changed")
        default:
            guard let message = error.message, message != "not an error" else {
                return .failed("the copy could not be written (error \(error.resultCode.rawValue)); nothing was changed")
            }
            return .failed(message)
        }
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
