import Foundation
import GRDB
import OpenSwiftData
import Testing

/// History as the store file keeps it: shared by connections, present in old stores,
/// readable read-only.
@Suite struct HistoryStoreTests {
    @Test("history another container saved on the same file is visible")
    func otherConnection() throws {
        let history = try HistoryStore()
        let other = try history.store.container(HistoryNote.self, HistoryFolder.self)
        let writer = ModelContext(other)
        writer.author = "other process"
        writer.insert(HistoryNote(title: "from elsewhere"))
        try writer.save()
        #expect(try history.history().map(\.author) == ["other process"])
    }

    @Test("a configuration with history turned off records nothing and keeps the data")
    func historyTurnedOff() throws {
        var configuration = ModelConfiguration(isStoredInMemoryOnly: true)
        configuration.recordsHistory = false
        let container = try ModelContainer(for: Schema([HistoryNote.self, HistoryFolder.self]), configurations: [configuration])
        let writer = ModelContext(container)
        let note = HistoryNote(title: "a")
        writer.insert(note)
        try writer.save()
        note.title = "b"
        try writer.save()
        writer.delete(note)
        try writer.save()
        let reader = ModelContext(container)
        #expect(try reader.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).isEmpty)
        #expect(try reader.fetchCount(FetchDescriptor<HistoryNote>()) == 0)
    }

    @Test("history from an in-memory store's contexts is shared by its contexts")
    func inMemory() throws {
        let container = try inMemoryContainer(HistoryNote.self, HistoryFolder.self)
        let writer = ModelContext(container)
        writer.insert(HistoryNote(title: "a"))
        try writer.save()
        let reader = ModelContext(container)
        #expect(try reader.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).flatMap(\.changes).map(summary) == ["insert HistoryNote"])
    }

    @Test("a store made before history was recorded has none, and gains it at its next save")
    func preexistingStoreGainsHistory() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "old"))
        try context.save()
        // As a store written before history: no history tables.
        let queue = try DatabaseQueue(path: history.store.url.path)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE Z_HISTORYCHANGE; DROP TABLE Z_HISTORYTRANSACTION")
        }
        try queue.close()

        let reopened = try history.store.container(HistoryNote.self, HistoryFolder.self)
        let later = ModelContext(reopened)
        #expect(try later.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).isEmpty)
        later.insert(HistoryNote(title: "new"))
        try later.save()
        #expect(try later.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).flatMap(\.changes).map(summary) == ["insert HistoryNote"])
        #expect(try later.fetch(FetchDescriptor<HistoryNote>()).count == 2)
    }

    @Test("a store opened without saving still fetches its history")
    func readOnlyFetches() throws {
        let history = try HistoryStore()
        let context = history.context(author: "writer")
        context.insert(HistoryNote(title: "a"))
        try context.save()
        let readOnly = try ModelContainer(for: Schema([HistoryNote.self, HistoryFolder.self]),
                                          configurations: [ModelConfiguration(url: history.store.url, allowsSave: false)])
        let transactions = try ModelContext(readOnly).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(transactions.map(\.author) == ["writer"])
    }
}
