import ChildProcessSupport
import CommandLineTestSupport
import Foundation
import Testing

/// Backups of a store that cannot be written, and restores into one: a store on read-only
/// media is backed up into a writable folder (its copy was said not to be writable there),
/// and a restore into a store that cannot be written is refused before anything is made
/// (it said "Backup failed" and left a before-restore backup at each attempt).
@Suite struct UnwritableStoreBackupTests {
    let directory: TemporaryDirectory
    let tool: CardShowProcess

    init() throws {
        directory = try TemporaryDirectory()
        tool = CardShowProcess(dataHome: directory.url)
    }

    /// A store of one card at `store`, and a backup of it at `backup`.
    func storeAndBackup(at store: URL, backup: URL) throws {
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--store", store.path])
        #expect(added.status == 0, "\(added.stderr)")
        let backedUp = try tool.run(["backup", "--output", backup.path, "--store", store.path])
        #expect(backedUp.status == 0, "\(backedUp.stderr)")
    }

    @Test(.enabled(if: ReadOnlyFolder.isAvailable, "needs root to mount a folder read-only"))
    func aStoreOnReadOnlyMediaIsBackedUpIntoAWritableFolder() throws {
        let media = directory.file("media")
        try storeAndBackup(at: media.appendingPathComponent("cards.store"), backup: directory.file("first.backup"))
        let mounted = try ReadOnlyFolder(source: media)
        let copy = directory.file("copy.backup")
        let backedUp = try tool.run(["backup", "--output", copy.path, "--store", mounted.mountPoint.appendingPathComponent("cards.store").path])
        #expect(backedUp.status == 0, "\(backedUp.stderr)")
        #expect(backedUp.stdout.contains("Backed up 1 card"), "\(backedUp.stdout)")
    }

    @Test(.enabled(if: ReadOnlyFolder.isAvailable, "needs root to mount a folder read-only"))
    func aRestoreIntoAStoreOnReadOnlyMediaIsRefusedSayingSo() throws {
        let media = directory.file("media")
        let backup = directory.file("first.backup")
        try storeAndBackup(at: media.appendingPathComponent("cards.store"), backup: backup)
        let mounted = try ReadOnlyFolder(source: media)
        let store = mounted.mountPoint.appendingPathComponent("cards.store")
        let refused = try tool.run(["restore", backup.path, "--store", store.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Cannot restore into \(store.path): the store is on read-only media. Nothing was changed."),
                "\(refused.stderr)")
    }

    @Test(.enabled(if: ImmutableFlag.isAvailable, "needs root and a file system with chattr's immutable flag"))
    func aRestoreIntoAnImmutableStoreIsRefusedLeavingNoBackupOfItsContents() throws {
        let store = directory.file("cards.store"), backup = directory.file("first.backup")
        try storeAndBackup(at: store, backup: backup)
        let flag = try #require(ImmutableFlag(store.path))
        for _ in 1...2 {
            let refused = try tool.run(["restore", backup.path, "--store", store.path])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("Cannot restore into \(store.path): the system does not let the store be changed"),
                    "\(refused.stderr)")
        }
        withExtendedLifetime(flag) {}
        let backups = (try? FileManager.default.contentsOfDirectory(atPath: directory.file("backups").path)) ?? []
        #expect(!backups.contains { $0.contains("before-restore") }, "\(backups)")
    }
}

/// `chattr +i` on a file, taken off when released.
final class ImmutableFlag {
    let path: String

    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("ImmutableFlag-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: probe, contents: nil) else { return false }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        return ImmutableFlag(probe) != nil
    }()

    init?(_ path: String) {
        self.path = path
        guard ChildProcess.succeeds(["chattr", "+i", path]) else { return nil }
    }

    deinit { ChildProcess.succeeds(["chattr", "-i", path]) }
}
