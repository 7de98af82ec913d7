import ChildProcessSupport
import Foundation
import OpenSwiftData
import Testing

/// A store on a file system with no room for another file (here a `tmpfs` whose inodes are
/// all used) cannot be opened, since SQLite makes its `-wal` and `-shm` files beside it:
/// the error says so, where it guessed at a link loop, a long name or a folder's permissions.
///
/// Mounting a `tmpfs` needs root; elsewhere this test is skipped.
@Suite(.enabled(if: SmallFileSystem.isAvailable, "needs root to mount a tmpfs"))
struct NoRoomForNewFileTests {
    /// The words of opening a store of one saved record on `system` once `fill` has taken its room.
    func wordsOfOpening(on system: SmallFileSystem, after fill: () throws -> Void) throws -> String? {
        let store = system.mountPoint.appendingPathComponent("s.store")
        do {
            let context = ModelContext(try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store)]))
            context.insert(Tag(label: "a"))
            try context.save()
        }
        try fill()
        do {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store)])
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aStoreOnAFileSystemWithNoRoomForItsLogIsSaidToBeOnAFullDiskNotGuessedAt() throws {
        let system = try SmallFileSystem(inodes: 8)
        let said = try #require(try wordsOfOpening(on: system) { try system.fillInodes() }, "the store opened with no room for its -wal and -shm files")
        #expect(said.contains("the disk holding it is full, or has no room left for another file"), "\(said)")
        #expect(!said.contains("points back to itself"), "\(said)")
    }

    /// SQLite makes the -shm file 32 KB at once: with less room than that, it said "disk I/O
    /// error", which the tools passed on with "Check the path".
    @Test func aStoreOnADiskWithLessRoomThanItsSharedMemoryFileIsSaidToBeOnAFullDisk() throws {
        let system = try SmallFileSystem(inodes: 64)
        let said = try #require(try wordsOfOpening(on: system) { try system.fillBlocks(leaving: 8 * 1024) }, "the store opened with no room for its -shm file")
        #expect(said.contains("the disk holding it is full, or has no room left for another file"), "\(said)")
        #expect(!said.contains("disk I/O error"), "\(said)")
    }
}

/// A `tmpfs` of few inodes, mounted on a temporary folder; unmounted and removed when released.
final class SmallFileSystem {
    let mountPoint: URL

    static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? SmallFileSystem(inodes: 4) else { return false }
        _ = probe
        return true
    }()

    init(inodes: Int) throws {
        mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("OpenSwiftDataTests-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard ChildProcess.succeeds(["mount", "-t", "tmpfs", "-o", "size=1m,nr_inodes=\(inodes)", "tmpfs", mountPoint.path]) else {
            try? FileManager.default.removeItem(at: mountPoint)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Makes empty files until no inode is left.
    func fillInodes() throws {
        var index = 0
        while FileManager.default.createFile(atPath: mountPoint.appendingPathComponent("filler-\(index)").path, contents: nil) {
            index += 1
        }
    }

    /// Fills the file system but for about `bytes`.
    func fillBlocks(leaving bytes: Int) throws {
        var info = statvfs()
        guard statvfs(mountPoint.path, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let filler = Data(count: max(free - bytes, 0))
        try filler.write(to: mountPoint.appendingPathComponent("filler-blocks"))
    }

    deinit {
        _ = ChildProcess.succeeds(["umount", mountPoint.path])
        try? FileManager.default.removeItem(at: mountPoint)
    }
}
