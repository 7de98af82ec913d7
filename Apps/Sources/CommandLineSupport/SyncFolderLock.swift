import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One sync at a time of the stores in a folder. Two `cardshow sync` of one store at once
/// (a scheduled one and one typed, two terminals) each read the same unsent changes and
/// sent them, and the store lost the cards added since its last sync: 20 of 40 after three
/// at once. A second sync now waits for the first and then finds nothing left to send.
///
/// The lock is `flock` on the store's folder, as trendy's opening lock is, so that no file
/// is left beside the store and a process that dies lets go of it; SQLite's own locks on
/// the store file are POSIX locks, which a second descriptor of the file, closed, would
/// release. Stores in one folder sync one after another.
enum SyncFolderLock {
    /// Runs `body` holding the lock on the folder of the store at `store`; without the lock
    /// (no store path, or a folder that cannot be opened) `body` runs as it is.
    static func holding<T>(storeAt store: URL?, _ body: () throws -> T) throws -> T {
        guard let store else { return try body() }
        let descriptor = open(store.deletingLastPathComponent().path, O_RDONLY)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        var locked = flock(descriptor, LOCK_EX)
        while locked != 0, errno == EINTR { locked = flock(descriptor, LOCK_EX) }
        defer { if locked == 0 { flock(descriptor, LOCK_UN) } }
        return try body()
    }
}
