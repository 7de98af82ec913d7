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

    @Test func aLockHeldElsewhereIsReportedOnceBeforeTheSyncWaitsForIt() async throws {
        let stores = try TemporaryStores()
        // Another program holding the folder's lock (flock(1) on it, or another sync).
        let held = open(stores.directory.path, O_RDONLY)
        #expect(flock(held, LOCK_EX) == 0)
        let reports = Counter()
        let store = stores.directory.appendingPathComponent("home.store")
        let waiting = Task {
            try await SyncStoreLock(storesAt: [store]) { reports.add() }.release()
        }
        for _ in 0..<250 where reports.value == 0 { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(reports.value == 1)
        close(held)
        try await waiting.value
        #expect(reports.value == 1)
    }

    /// A count that a lock's report adds to from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
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

    /// A folder some users may write but not read, with `make` run on its lock file's path first.
    func writeOnlyFolder(_ make: (String) -> Void) throws -> (stores: TemporaryStores, lockFile: String) {
        let stores = try TemporaryStores()
        let lockFile = stores.directory.appendingPathComponent(SyncStoreLock.lockFileName).path
        make(lockFile)
        chmod(stores.directory.path, 0o733)
        return (stores, lockFile)
    }

    @Test func aLockFileThatIsASymbolicLinkIsRefusedAndWhatItLeadsToIsLeftAsItWas() async throws {
        let outside = try TemporaryStores()
        let secret = outside.directory.appendingPathComponent("secret").path
        _ = FileManager.default.createFile(atPath: secret, contents: Data("root only".utf8), attributes: [.posixPermissions: 0o600])
        let (stores, _) = try writeOnlyFolder { symlink(secret, $0) }
        defer { chmod(stores.directory.path, 0o755) }

        await #expect(throws: SyncError.self) { _ = try await SyncStoreLock(storesAt: [stores.directory.appendingPathComponent("drop.store")]) }
        #expect((try FileManager.default.attributesOfItem(atPath: secret)[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aLockFileThatIsAFIFOIsRefusedWithoutWaiting() async throws {
        let (stores, _) = try writeOnlyFolder { mkfifo($0, 0o644) }
        defer { chmod(stores.directory.path, 0o755) }
        await #expect(throws: SyncError.self) { _ = try await SyncStoreLock(storesAt: [stores.directory.appendingPathComponent("drop.store")]) }
    }

    @Test func aLockFileMadeBeforeKeepsItsMode() async throws {
        let (stores, lockFile) = try writeOnlyFolder {
            _ = FileManager.default.createFile(atPath: $0, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        defer { chmod(stores.directory.path, 0o755) }
        let lock = try await SyncStoreLock(storesAt: [stores.directory.appendingPathComponent("drop.store")])
        defer { lock.release() }
        #expect((try FileManager.default.attributesOfItem(atPath: lockFile)[.posixPermissions] as? Int) == 0o600)
    }
}
