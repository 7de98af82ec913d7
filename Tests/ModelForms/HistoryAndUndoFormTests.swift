import Foundation
import OpenSwiftData
import Testing

/// History, undo and the observers, used from the target's own isolation.
@Suite struct HistoryAndUndoFormTests {
    @Test func historyRecordsAnInsertWithTheContextsAuthor() throws {
        let context = ModelContext(try inMemoryContainer(Tome.self, Loan.self, Renewal.self))
        context.author = "importer"
        context.insert(Tome(isbn: "1", title: "Emma"))
        try context.save()
        let transaction = try #require(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last)
        #expect(transaction.author == "importer")
        guard case .insert(let insert as DefaultHistoryInsert<Tome>)? = transaction.changes.first else {
            Issue.record("the save's insert is not in the history: \(transaction.changes)")
            return
        }
        #expect(insert.changedPersistentIdentifier.entityName == "Tome")
    }

    @Test func undoPutsBackAnEditedTitle() throws {
        let context = ModelContext(try inMemoryContainer(Tome.self, Loan.self, Renewal.self))
        context.undoManager = UndoManager()
        let tome = Tome(isbn: "1", title: "Emma")
        context.insert(tome)
        try context.save()
        tome.title = "Emma!"
        context.undoManager?.undo()
        #expect(tome.title == "Emma")
    }

    @Test func aModelPropertyIsObservable() {
        let tome = Tome(isbn: "1", title: "Emma")
        let changed = ObservationFlag()
        withObservationTracking { _ = tome.title } onChange: { changed.set() }
        tome.title = "Dune"
        #expect(changed.isSet)
    }

    @Test func aLiveQueryYieldsAnotherContextsSave() async throws {
        let container = try inMemoryContainer(Tome.self, Loan.self, Renewal.self)
        var iterator = container.liveQuery(FetchDescriptor<Tome>()).makeAsyncIterator()
        #expect(try await iterator.next()?.count == 0)
        let context = ModelContext(container)
        context.insert(Tome(isbn: "1", title: "Emma"))
        try context.save()
        #expect(try await iterator.next()?.map(\.title) == ["Emma"])
    }

    @Test func didSaveIsPostedWithTheInsertedIdentifiers() throws {
        let context = ModelContext(try inMemoryContainer(Tome.self, Loan.self, Renewal.self))
        let tome = Tome(isbn: "1", title: "Emma")
        context.insert(tome)
        let saved = SavedIdentifiers()
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
            saved.set(note.userInfo?[ModelContext.NotificationKey.insertedIdentifiers.rawValue] as? [PersistentIdentifier] ?? [])
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try context.save()
        #expect(saved.value == [tome.persistentModelID])
    }
}

/// Identifiers handed over from a notification's observer, which may run on any thread.
nonisolated final class SavedIdentifiers: @unchecked Sendable {
    private let lock = NSLock()
    private var identifiers: [PersistentIdentifier] = []
    func set(_ value: [PersistentIdentifier]) { lock.withLock { identifiers = value } }
    var value: [PersistentIdentifier] { lock.withLock { identifiers } }
}
