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
    @Test func aStoreOnAFileSystemWithNoRoomForItsLogIsSaidToBeOnAFullDiskNotGuessedAt() throws {
        let system = try SmallFileSystem(inodes: 8)
        let store = system.mountPoint.appendingPathComponent("s.store")
        do {
            let context = ModelContext(try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store)]))
            context.insert(Tag(label: "a"))
            try context.save()
        }
        try system.fillInodes()
        do {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store)])
            Issue.record("the store opened with no room for its -wal and -shm files")
        } catch {
            let said = "\(error)"
            #expect(said.contains("the disk holding it is full, or has no room left for another file"), "\(said)")
            #expect(!said.contains("points back to itself"), "\(said)")
        }
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
        guard ReadOnlyMount.run(["mount", "-t", "tmpfs", "-o", "size=1m,nr_inodes=\(inodes)", "tmpfs", mountPoint.path]) else {
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

    deinit {
        _ = ReadOnlyMount.run(["umount", mountPoint.path])
        try? FileManager.default.removeItem(at: mountPoint)
    }
}
