import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// What a killed backup or restore leaves behind is removed by the next run, unless it
/// belongs to a run still going.
@Suite("Backup and restore leftovers")
struct BackupLeftoverTests {
    /// A process id no system hands out (Linux caps ids at 2^22).
    let goneProcess: Int32 = 2_147_483_646
    let longAgo = Date(timeIntervalSince1970: 1_768_305_600)

    func store(at url: URL) throws {
        let context = ModelContext(try CardShowStore.container(at: url))
        try InventoryService(context: context).add(card("Pikachu"))
    }

    func leftover(_ url: URL, folder: Bool = false) throws -> URL {
        if folder {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } else {
            try Data("half a backup".utf8).write(to: url)
        }
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: url.path)
        return url
    }

    @Test func backupRemovesThePartialFileOfAKilledBackup() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store")
        try store(at: live)
        let partial = try leftover(directory.file(".copy.backup.\(goneProcess)-\(UUID().uuidString).partial"))
        try StoreBackup.backup(storeAt: live, to: directory.file("copy.backup"))
        #expect(!FileManager.default.fileExists(atPath: partial.path))
    }

    @Test func backupKeepsThePartialFileOfABackupStillRunning() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store")
        try store(at: live)
        let running = ProcessInfo.processInfo.processIdentifier
        let partial = try leftover(directory.file(".copy.backup.\(running)-\(UUID().uuidString).partial"))
        try StoreBackup.backup(storeAt: live, to: directory.file("copy.backup"))
        #expect(FileManager.default.fileExists(atPath: partial.path))
    }

    @Test func restoreRemovesTheFolderOfAKilledRestore() throws {
        let directory = try TemporaryDirectory()
        let scratch = directory.file("tmp")
        let live = directory.file("live.store"), backup = directory.file("copy.backup")
        try store(at: live)
        try StoreBackup.backup(storeAt: live, to: backup)
        let folder = try leftover(scratch.appendingPathComponent("cardshow-restore-\(goneProcess)-\(UUID().uuidString)"), folder: true)
        try StoreBackup.restore(from: backup, to: live, scratch: scratch)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }
}
