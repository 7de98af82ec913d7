import Foundation
import GRDB
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Backup and restore")
struct BackupTests {
    /// A file store with `count` cards, one of them sold.
    func store(at url: URL, cards count: Int, prefix: String = "Card") throws {
        let context = ModelContext(try CardShowStore.container(at: url))
        let cards = (0..<count).map { card("\(prefix) \($0)", value: Double($0)) }
        try InventoryService(context: context).add(cards)
        try SalesService(context: context).recordSale(of: cards[0], price: 5, platform: "eBay")
    }

    func integrityCheck(_ url: URL) throws -> [String] {
        let database = try DatabaseQueue(path: url.path)
        defer { try? database.close() }
        return try database.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
    }

    func names(at url: URL) throws -> Set<String> {
        Set(try storedCards(try CardShowStore.container(at: url)).map(\.name))
    }

    @Test func backupIsACompleteSingleFileCopy() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), backup = directory.file("backups/copy.backup")
        try store(at: live, cards: 3)
        let summary = try StoreBackup.backup(storeAt: live, to: backup)
        #expect(summary.cards == 3 && summary.sales == 1)
        #expect(!FileManager.default.fileExists(atPath: backup.path + "-wal"))
        #expect(try names(at: backup) == ["Card 0", "Card 1", "Card 2"])
    }

    @Test func backupOfAStoreBeingWrittenIsConsistent() async throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), backup = directory.file("copy.backup")
        try store(at: live, cards: 1)
        let before = try storedCards(try CardShowStore.container(at: live)).count

        // Another connection keeps saving batches of 20 cards while the backup runs.
        let writer = Task.detached {
            let context = ModelContext(try CardShowStore.container(at: live))
            var batches = 0
            while !Task.isCancelled && batches < 2_000 {
                try InventoryService(context: context).add((0..<20).map { card("Batch \(batches) #\($0)") })
                batches += 1
            }
            return batches
        }
        // Wait until the writer has saved at least once, then back up several times while it writes.
        let reader = try CardShowStore.container(at: live)
        var waited = 0
        while try ModelContext(reader).fetchCount(FetchDescriptor<InventoryCard>()) == before, waited < 1_000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        var summaries: [BackupSummary] = []
        for _ in 0..<3 {
            summaries.append(try StoreBackup.backup(storeAt: live, to: backup))
        }
        writer.cancel()
        let batches = try await writer.value
        #expect(batches > 0)

        #expect(try integrityCheck(backup) == ["ok"])
        // Each backup holds whole saves: the first card plus whole batches of 20.
        #expect(summaries[0].cards > before)
        for summary in summaries {
            #expect(summary.cards >= before && (summary.cards - before).isMultiple(of: 20), "\(summary.cards)")
        }
        let copied = try storedCards(try CardShowStore.container(at: backup))
        #expect(copied.count == summaries.last?.cards)
    }

    @Test func backupOfAMissingStoreIsRefused() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: BackupError.noStore(path: directory.file("none.store").path)) {
            try StoreBackup.backup(storeAt: directory.file("none.store"), to: directory.file("b.backup"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("b.backup").path))
    }

    @Test func backupOfADatabaseWithNoStoreInItNamesTheStoreNotTheCopy() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.file("new.store")
        // What a store another cardshow has just created, and not yet filled, looks like.
        try DatabaseQueue(path: empty.path).close()
        #expect(throws: BackupError.storeNotBackedUp(path: empty.path, reason: "it is not a CardShow Pro store (it has no store metadata); "
                + "if another cardshow is creating it at this moment, try again in a moment")) {
            try StoreBackup.backup(storeAt: empty, to: directory.file("b.backup"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["new.store"])
    }

    @Test func restoreReplacesTheStoresContents() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), backup = directory.file("copy.backup")
        try store(at: live, cards: 2, prefix: "Old")
        try StoreBackup.backup(storeAt: live, to: backup)
        try InventoryService(context: ModelContext(try CardShowStore.container(at: live))).add(card("Added after backup"))

        try StoreBackup.restore(from: backup, to: live)
        #expect(try names(at: live) == ["Old 0", "Old 1"])
    }

    /// Issue 33's twenty-fourth pass: a backup that is a plain copy of a store (a WAL database
    /// copied with cp) was checked by opening it read-only, and SQLite left an empty -wal and
    /// a -shm beside it, which a read-only connection cannot remove.
    @Test func restoreOfAPlainCopyOfAStoreLeavesNoFilesBesideTheCopy() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), other = directory.file("other.store"), copy = directory.file("plain-copy.store")
        try store(at: other, cards: 2, prefix: "Copied")
        try #require(!FileManager.default.fileExists(atPath: other.path + "-wal"))
        try FileManager.default.copyItem(at: other, to: copy)
        try store(at: live, cards: 1, prefix: "Live")

        try StoreBackup.restore(from: copy, to: live)
        #expect(try names(at: live) == ["Copied 0", "Copied 1"])
        let beside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix("plain-copy") }
        #expect(beside == ["plain-copy.store"])
    }

    @Test func restoreOfABackupWithPagesOfAnotherSizeThanTheStoresPutsItInPlace() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), backup = directory.file("large-pages.backup")
        try store(at: live, cards: 1, prefix: "Live")
        try store(at: directory.file("other.store"), cards: 2, prefix: "Backed up")
        try StoreBackup.backup(storeAt: directory.file("other.store"), to: backup)
        // As another SQLite, or a VACUUM with another page_size, leaves a backup.
        let database = try DatabaseQueue(path: backup.path)
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 65536")
            try db.execute(sql: "VACUUM")
        }
        try database.close()

        try StoreBackup.restore(from: backup, to: live)
        #expect(try names(at: live) == ["Backed up 0", "Backed up 1"])
        #expect(try integrityCheck(live) == ["ok"])
    }

    @Test func restoreFromALinkToTheStoreItselfIsRefusedAsTheSameFile() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), link = directory.file("link.backup"), hard = directory.file("hard.backup")
        try store(at: live, cards: 1, prefix: "Live")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: live)
        try FileManager.default.linkItem(at: live, to: hard)
        for backup in [link, hard] {
            #expect(throws: BackupError.sameFile(path: live.path)) { try StoreBackup.restore(from: backup, to: live) }
        }
    }

    @Test func restoreKeepsThePreviousContentsWhenAsked() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), backup = directory.file("copy.backup"), previous = directory.file("previous.backup")
        try store(at: live, cards: 1, prefix: "Old")
        try StoreBackup.backup(storeAt: live, to: backup)
        try InventoryService(context: ModelContext(try CardShowStore.container(at: live))).add(card("New"))

        let kept = try StoreBackup.restore(from: backup, to: live, keepingPrevious: previous).previousContents
        #expect(kept == previous)
        #expect(try names(at: previous) == ["Old 0", "New"])
    }

    @Test func restoreIntoAStoreThatIsOpenIsSeenByItsContexts() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), backup = directory.file("copy.backup")
        try store(at: live, cards: 1, prefix: "Backed up")
        try StoreBackup.backup(storeAt: live, to: backup)
        let open = try CardShowStore.container(at: live)
        try InventoryService(context: ModelContext(open)).add(card("Later"))

        try StoreBackup.restore(from: backup, to: live)
        #expect(Set(try storedCards(open).map(\.name)) == ["Backed up 0"])
    }

    @Test func restoreOfAFileThatIsNotADatabaseChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), bogus = directory.file("notes.txt")
        try store(at: live, cards: 2)
        try Data("not a database, just notes\n".utf8).write(to: bogus)
        #expect(throws: BackupError.self) { try StoreBackup.restore(from: bogus, to: live) }
        #expect(try names(at: live) == ["Card 0", "Card 1"])
    }

    @Test func restoreOfATruncatedBackupChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), backup = directory.file("copy.backup")
        try store(at: live, cards: 200)
        try StoreBackup.backup(storeAt: live, to: backup)
        let data = try Data(contentsOf: backup)
        try data.prefix(data.count / 2).write(to: backup)
        try InventoryService(context: ModelContext(try CardShowStore.container(at: live))).add(card("Kept"))

        #expect(throws: BackupError.self) { try StoreBackup.restore(from: backup, to: live) }
        #expect(try names(at: live).contains("Kept"))
    }

    @Test func restoreOfAnotherAppsDatabaseChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), other = directory.file("other.sqlite")
        try store(at: live, cards: 1)
        let database = try DatabaseQueue(path: other.path)
        try database.write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        try database.close()
        #expect(throws: BackupError.notAStore(path: other.path, reason: "it has no store metadata")) {
            try StoreBackup.restore(from: other, to: live)
        }
        #expect(try names(at: live) == ["Card 0"])
    }

    @Test func restoreOfABackupFromANewerVersionIsRefused() throws {
        let directory = try TemporaryDirectory()
        let live = directory.file("live.store"), backup = directory.file("copy.backup")
        try store(at: live, cards: 1)
        try StoreBackup.backup(storeAt: live, to: backup)
        let database = try DatabaseQueue(path: backup.path)
        try database.write { try $0.execute(sql: "UPDATE Z_METADATA SET value = '9.0.0' WHERE key = 'schemaVersion'") }
        try database.close()
        #expect(throws: BackupError.newerVersion(path: backup.path, version: "9.0.0")) {
            try StoreBackup.restore(from: backup, to: live)
        }
    }
}
