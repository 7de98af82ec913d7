import ChildProcessSupport
import Foundation
import OpenSwiftData
import Testing

/// Each connection to a WAL store holds a lock on the file for as long as it is open, which
/// tells a process closing its last connection that it is not the last; closing any
/// descriptor of a file drops every such lock a process holds on it. Opening a second
/// container on a store this process has open reads the file's header first, and must
/// read it without dropping the first container's lock: without it, another process that
/// closes the store takes itself for the last and deletes the `-wal` and `-shm` files that
/// this process goes on using.
@Suite struct SecondContainerLockTests {
    @Test func anotherProcessClosingTheStoreLeavesTheLogOfAStoreThisProcessOpenedTwice() throws {
        let store = TestStore()
        let first = try store.container(Tally.self)
        let context = ModelContext(first)
        context.insert(Tally(writer: "here", sequence: 0))
        try context.save()
        let second = try store.container(Tally.self)
        let other = try StoreWorkload.insert(store: store.url, writer: "other", count: 1,
                                             errors: store.directory.appendingPathComponent("other.err"))
        other.waitUntilExit()
        #expect(other.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: store.url.path + "-wal"))
        #expect(FileManager.default.fileExists(atPath: store.url.path + "-shm"))
        withExtendedLifetime((first, second)) {}
    }
}
