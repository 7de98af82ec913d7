import Foundation
import OpenSwiftData
import Testing

/// Reading and trimming history with a `HistoryDescriptor`.
@Suite struct HistoryFetchTests {
    @Test("a token taken before a batch returns exactly that batch's changes after it")
    func tokenBeforeBatch() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "before"))
        try context.save()
        let token = try history.lastToken()

        let batch = [HistoryNote(title: "x"), HistoryNote(title: "y")]
        batch.forEach(context.insert)
        try context.save()
        batch[0].body = "edited"
        try context.save()

        let after = try history.history(#Predicate { $0.token > token })
        #expect(after.count == 2)
        let identifiers = after.flatMap(\.changes).map(\.changedPersistentIdentifier)
        #expect(identifiers == batch.map(\.persistentModelID) + [batch[0].persistentModelID])
    }

    @Test("a token survives encoding, as an app persists it between launches")
    func tokenIsCodable() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "a"))
        try context.save()
        let token = try history.lastToken()
        let saved = try JSONEncoder().encode(token)
        context.insert(HistoryNote(title: "b"))
        try context.save()

        let restored = try JSONDecoder().decode(DefaultHistoryToken.self, from: saved)
        #expect(restored == token)
        let after = try history.history(#Predicate { $0.token > restored })
        #expect(after.count == 1)
    }

    @Test("deleting history before a token leaves the later history intact")
    func deleteBeforeToken() throws {
        let history = try HistoryStore()
        let context = history.context()
        for title in ["a", "b", "c", "d"] {
            context.insert(HistoryNote(title: title))
            try context.save()
        }
        let all = try history.history()
        let cut = all[2].token
        try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token < cut }))

        let remaining = try history.history()
        #expect(remaining.map(\.token) == [all[2].token, all[3].token])
        #expect(remaining.map { $0.changes.map(\.changedPersistentIdentifier) } == all[2...].map { $0.changes.map(\.changedPersistentIdentifier) })
    }

    /// A store with three notes saved one at a time, and its three transactions.
    func threeSavedNotes() throws -> (HistoryStore, ModelContext, [DefaultHistoryTransaction]) {
        let history = try HistoryStore()
        let context = history.context()
        for title in ["a", "b", "c"] {
            context.insert(HistoryNote(title: title))
            try context.save()
        }
        return (history, context, try history.history())
    }

    @Test("a fetch from a token older than deleted history throws SwiftData's expired-token error")
    func tokenBeforeDeletedHistoryIsExpired() throws {
        let (history, context, all) = try threeSavedNotes()
        let (first, last) = (all[0].token, all[2].token)
        try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token < last }))
        #expect {
            _ = try history.history(#Predicate { $0.token > first })
        } throws: { error in
            error as? SwiftDataError == .historyTokenExpired
                && OpenSwiftDataError(explaining: error) == .historyTokenExpired(token: first.id, deletedThrough: all[1].token.id)
        }
    }

    @Test("a token at the newest deleted transaction still reads what came after it")
    func tokenAtDeletedHistoryStillReads() throws {
        let (history, context, all) = try threeSavedNotes()
        let second = all[1].token
        try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token <= second }))
        #expect(try history.history(#Predicate { $0.token > second }).map(\.token) == [all[2].token])
    }

    @Test("tokens keep growing after the newest history is deleted")
    func tokensAreNotReused() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "a"))
        try context.save()
        let first = try history.lastToken()
        try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        context.insert(HistoryNote(title: "b"))
        try context.save()
        #expect(try history.lastToken() > first)
    }

    @Test("a predicate on the author selects that author's transactions")
    func authorPredicate() throws {
        let history = try HistoryStore()
        for author in ["app", "widget", "app"] {
            let context = history.context(author: author)
            context.insert(HistoryNote(title: author))
            try context.save()
        }
        let widget = try history.history(#Predicate { $0.author == "widget" })
        #expect(widget.map(\.author) == ["widget"])
    }

    @Test("a predicate on the timestamp compares the time each transaction was saved")
    func timestampPredicate() throws {
        let history = try HistoryStore()
        let context = history.context()
        for title in ["a", "b"] {
            context.insert(HistoryNote(title: title))
            try context.save()
        }
        let all = try history.history()
        let second = all[1].timestamp
        #expect(all[0].timestamp <= second)
        let upToSecond = try history.history(#Predicate { $0.timestamp <= second })
        #expect(upToSecond.map(\.token) == all.map(\.token))
    }

    @Test("sortBy orders and fetchLimit bounds the transactions fetched")
    func sortAndLimit() throws {
        let history = try HistoryStore()
        let context = history.context()
        for title in ["a", "b", "c"] {
            context.insert(HistoryNote(title: title))
            try context.save()
        }
        let all = try history.history()
        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>(sortBy: [SortDescriptor(\.token, order: .reverse)])
        descriptor.fetchLimit = 2
        let newest = try context.fetchHistory(descriptor)
        #expect(newest.map(\.token) == [all[2].token, all[1].token])
    }

    @Test("deleting history through a configuration that does not allow saving is refused")
    func deleteHistoryNeedsSave() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "a"))
        try context.save()
        let readOnly = try ModelContainer(for: Schema([HistoryNote.self, HistoryFolder.self]),
                                          configurations: [ModelConfiguration(url: history.store.url, allowsSave: false)])
        #expect(throws: OpenSwiftDataError.self) {
            try ModelContext(readOnly).deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        }
        #expect(try history.history().count == 1)
    }
}
