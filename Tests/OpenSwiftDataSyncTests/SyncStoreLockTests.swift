import Foundation
import Testing
@testable import OpenSwiftDataSync
#if canImport(Glibc)
import Glibc
#endif

/// Syncs of one store take turns through a lock on its folder; in a folder some users may
/// write but not read (which they cannot open to lock), through a file in it as well.
@Suite struct SyncStoreLockTests {
    /// Whether another descriptor of `path` could take an exclusive `flock` now.
    func isFree(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    @Test func aSyncOfAStoreInAFolderSomeUsersMayWriteButNotReadHoldsAFileInItThatTheyCanLock() async throws {
        let stores = try TemporaryStores()
        chmod(stores.directory.path, 0o733)
        defer { chmod(stores.directory.path, 0o755) }
        let lockFile = stores.directory.appendingPathComponent(SyncStoreLock.lockFileName).path

        let lock = try await SyncStoreLock(storesAt: [stores.directory.appendingPathComponent("drop.store")])
        #expect(FileManager.default.fileExists(atPath: lockFile))
        #expect(!isFree(lockFile))
        lock.release()
        #expect(isFree(lockFile))
    }

    @Test func aSyncOfAStoreInAFolderEveryoneMayReadMakesNoFileInIt() async throws {
        let stores = try TemporaryStores()
        let lock = try await SyncStoreLock(storesAt: [stores.directory.appendingPathComponent("home.store")])
        defer { lock.release() }
        #expect(!FileManager.default.fileExists(atPath: stores.directory.appendingPathComponent(SyncStoreLock.lockFileName).path))
        #expect(!isFree(stores.directory.path))
    }

    @Test(arguments: [(0o733, true), (0o730, true), (0o703, true), (0o1733, true), (0o755, false), (0o700, false),
                      (0o1777, false), (0o711, false), (0o722, false)])
    func aFolderHasWriteOnlyUsersWhenAGroupOrOthersMayWriteAndEnterButNotRead(mode: Int, writeOnly: Bool) throws {
        let stores = try TemporaryStores()
        chmod(stores.directory.path, mode_t(mode))
        defer { chmod(stores.directory.path, 0o755) }
        #expect(SyncStoreLock.hasWriteOnlyUsers(stores.directory.path) == writeOnly)
    }
}
