import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on a folder (`flock` on the folder itself, so no file is left
/// beside the store), held by one process at a time, released when the body ends or
/// the process dies.
enum FolderLock {
    /// Runs `body` holding the lock on `folder`; without the lock (a folder that cannot
    /// be opened or locked) `body` runs as it is, as it did before there was one.
    static func holding<T>(_ folder: URL, _ body: () throws -> T) throws -> T {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        var locked = flock(descriptor, LOCK_EX)
        while locked != 0, errno == EINTR { locked = flock(descriptor, LOCK_EX) }
        defer { if locked == 0 { flock(descriptor, LOCK_UN) } }
        return try body()
    }
}
