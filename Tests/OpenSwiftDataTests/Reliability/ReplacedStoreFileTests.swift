import Foundation
import GRDB
import OpenSwiftData
import Testing

/// A store file replaced while the `-wal` of the old one stayed beside it, and a store
/// path that cannot be read, are refused with a typed error, and the failed open
/// changes no byte or modification time of any of the files.
@Suite struct ReplacedStoreFileTests {
    /// Saves `saves` batches of tags to `store`, then runs `body` while the container is
    /// still open (its `-wal` holds the saves, as after a crash).
    private func whileOpen(_ store: TestStore, saves: Int, _ body: () throws -> Void) throws {
        let container = try store.container(Tag.self)
        for save in 0..<saves {
            let context = ModelContext(container)
            for index in 0..<10 { context.insert(Tag(label: "save \(save) tag \(index) " + String(repeating: "t", count: 200))) }
            try context.save()
        }
        try body()
    }

    private func copy(_ from: String, _ to: String) throws {
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }

    private func openError(_ store: TestStore) -> OpenSwiftDataError? {
        do {
            _ = try store.container(Tag.self)
            return nil
        } catch {
            return OpenSwiftDataError(explaining: error)
        }
    }

    @Test func aStoreFileReplacedByAnotherStoreWhileItsLogStayedIsReported() throws {
        let old = TestStore(), other = TestStore(), target = TestStore()
        try whileOpen(old, saves: 3) { try copy(old.url.path + "-wal", target.url.path + "-wal") }
        // The other store, closed, has every page in its file, and more saves than the log.
        try whileOpen(other, saves: 30) {}
        try copy(other.url.path, target.url.path)
        let before = FileState.store(target.url)
        #expect(openError(target) == .storeDamaged(path: target.url.path, reason: .logFromAnotherFile))
        #expect(FileState.store(target.url) == before)
    }

    @Test func aLogBesideAFileOfAnotherPageSizeIsReported() throws {
        let old = TestStore(), target = TestStore()
        let savedLog = old.directory.appendingPathComponent("saved-wal").path
        try whileOpen(old, saves: 2) { try copy(old.url.path + "-wal", savedLog) }
        let queue = try DatabaseQueue(path: target.url.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 1024; PRAGMA journal_mode = WAL; CREATE TABLE t(x)")
        }
        try queue.close()
        try copy(savedLog, target.url.path + "-wal")
        let before = FileState.store(target.url)
        #expect(openError(target) == .storeDamaged(path: target.url.path, reason: .logFromAnotherFile))
        #expect(FileState.store(target.url) == before)
    }

    @Test func aStoreWithItsOwnLogLeftByACrashOpensWithEverySave() throws {
        let old = TestStore(), copy = TestStore()
        try whileOpen(old, saves: 3) {
            try self.copy(old.url.path, copy.url.path)
            try self.copy(old.url.path + "-wal", copy.url.path + "-wal")
        }
        #expect(openError(copy) == nil)
        #expect(try ModelContext(try copy.container(Tag.self)).fetchCount(FetchDescriptor<Tag>()) == 30)
    }

    @Test func aNamedPipeAtTheStorePathIsReportedAsUnreadableWithoutWaiting() throws {
        let store = TestStore()
        #expect(mkfifo(store.url.path, 0o600) == 0)
        guard case .storeDamaged(let path, .unreadable(let why))? = openError(store)?.kind else {
            Issue.record("the pipe was not refused as unreadable")
            return
        }
        #expect(path == store.url.path)
        #expect(why.contains("named pipe"))
        #expect(!FileManager.default.fileExists(atPath: store.url.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: store.url.path + "-shm"))
    }

    @Test func theMessageSaysTheFileWasReplacedAndWhatToDo() {
        let message = OpenSwiftDataError.storeDamaged(path: "/data/default.store", reason: .logFromAnotherFile).description
        #expect(message.contains("/data/default.store"))
        #expect(message.contains("-wal file was written for another file"))
        #expect(message.contains("Nothing was changed"))
    }
}
