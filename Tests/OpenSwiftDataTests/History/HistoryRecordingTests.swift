import Foundation
import OpenSwiftData
import Testing

/// What a save records in the store's history.
@Suite struct HistoryRecordingTests {
    @Test("each save is one transaction, with the author of the context that saved")
    func savesFromTwoAuthors() throws {
        let history = try HistoryStore()
        let app = history.context(author: "app")
        let widget = history.context(author: "widget")
        let note = HistoryNote(title: "groceries")
        app.insert(note)
        try app.save()
        let inWidget = try #require(try widget.fetch(FetchDescriptor<HistoryNote>()).first)
        inWidget.body = "milk"
        try widget.save()
        app.delete(note)
        try app.save()

        let transactions = try history.history()
        #expect(transactions.map(\.author) == ["app", "widget", "app"])
        #expect(transactions.map { $0.changes.map(summary) } == [
            ["insert HistoryNote"], ["update HistoryNote body"], ["delete HistoryNote"],
        ])
        #expect(transactions.map(\.token) == transactions.map(\.token).sorted())
        #expect(Set(transactions.map(\.transactionIdentifier)).count == 3)
    }

    @Test("an insert names the inserted model's identifier")
    func insertIdentifier() throws {
        let history = try HistoryStore()
        let context = history.context()
        let note = HistoryNote(title: "a")
        context.insert(note)
        try context.save()
        let change = try #require(try history.history().last?.changes.first)
        guard case .insert(let insert as DefaultHistoryInsert<HistoryNote>) = change else {
            Issue.record("expected an insert of a HistoryNote, found \(summary(change))")
            return
        }
        #expect(insert.changedPersistentIdentifier == note.persistentModelID)
        #expect(change.changedPersistentIdentifier == note.persistentModelID)
    }

    @Test("an update names only the attributes whose stored values changed")
    func updateNamesChangedAttributes() throws {
        let history = try HistoryStore()
        let context = history.context()
        let note = HistoryNote(title: "a", priority: 1)
        context.insert(note)
        try context.save()
        note.title = "b"
        note.priority = 1 // set to the value it had: not a change
        note.weight = 2
        try context.save()
        #expect(try history.history().last?.changes.map(summary) == ["update HistoryNote title,weight"])
    }

    @Test("an update does not name an attribute another context changed since this one read it")
    func updateLeavesOutAnotherContextsChanges() throws {
        let history = try HistoryStore()
        let app = history.context(author: "app")
        let note = HistoryNote(title: "a")
        app.insert(note)
        try app.save()
        let widget = history.context(author: "widget")
        try #require(try widget.fetch(FetchDescriptor<HistoryNote>()).first).title = "from the widget"
        try widget.save()
        note.weight = 2
        try app.save()
        #expect(try history.history().last?.changes.map(summary) == ["update HistoryNote weight"])
    }

    @Test("moving a model to another to-one target is an update of that relationship")
    func relationshipUpdate() throws {
        let history = try HistoryStore()
        let context = history.context()
        let note = HistoryNote(title: "a")
        let inbox = HistoryFolder(name: "inbox")
        let archive = HistoryFolder(name: "archive")
        context.insert(note)
        context.insert(inbox)
        context.insert(archive)
        note.folder = inbox
        try context.save()
        note.folder = archive
        try context.save()
        let changes = try #require(try history.history().last?.changes.map(summary))
        #expect(changes.contains("update HistoryNote folder"))
        #expect(changes.contains("update HistoryFolder notes"), "the folders' to-many relationships changed too")
    }

    @Test("a deleted model's tombstone keeps the values of its preserved attributes")
    func tombstoneKeepsPreservedValues() throws {
        let history = try HistoryStore()
        let context = history.context()
        let note = HistoryNote(title: "receipt", priority: 3, weight: 2.0, checksum: Data([0xCA, 0xFE]), body: "not kept")
        context.insert(note)
        try context.save()
        context.delete(note)
        try context.save()

        let change = try #require(try history.history().last?.changes.first)
        guard case .delete(let delete as DefaultHistoryDelete<HistoryNote>) = change else {
            Issue.record("expected a delete of a HistoryNote, found \(summary(change))")
            return
        }
        #expect(delete.tombstone[\.title] as? String == "receipt")
        #expect(delete.tombstone[\.priority] as? Int == 3)
        #expect(delete.tombstone[\.weight] as? Double == 2.0, "a whole Double stays a Double")
        #expect(delete.tombstone[\.checksum] as? Data == Data([0xCA, 0xFE]))
        #expect(delete.tombstone[\.body] == nil, "body is not preserved")
        #expect(Array(delete.tombstone).count == 4)
    }

    @Test("a save that fails records nothing")
    func failedSaveRecordsNothing() throws {
        let history = try HistoryStore()
        let first = history.context(author: "first")
        first.insert(HistoryNote(title: "kept"))
        first.insert(HistoryNote(title: "gone"))
        try first.save()
        let before = try history.history().count
        let notes = try first.fetch(FetchDescriptor<HistoryNote>(sortBy: [SortDescriptor(\.title)]))
        // Another context deletes "kept"; this context then deletes "gone" and edits
        // "kept", whose row is no longer there: the save fails after its delete ran.
        let other = history.context(author: "other")
        try other.delete(model: HistoryNote.self, where: #Predicate { $0.title == "kept" })
        try other.save()
        first.delete(notes[0]) // "gone"
        notes[1].body = "edited" // "kept"
        #expect(throws: OpenSwiftDataError.self) { try first.save() }

        let transactions = try history.history()
        #expect(transactions.count == before + 1)
        #expect(transactions.last?.author == "other")
    }

    @Test("children a cascade deletes in the store appear as deletes, with their tombstones")
    func cascadesAppearAsDeletes() throws {
        let history = try HistoryStore()
        let setup = history.context()
        let folder = HistoryFolder(name: "old")
        setup.insert(folder)
        folder.notes = [HistoryNote(title: "one"), HistoryNote(title: "two")]
        try setup.save()

        let context = history.context()
        let fetched = try #require(try context.fetch(FetchDescriptor<HistoryFolder>()).first)
        context.delete(fetched)
        try context.save()

        let changes = try #require(try history.history().last?.changes)
        #expect(changes.map(summary).sorted() == ["delete HistoryFolder", "delete HistoryNote", "delete HistoryNote"])
        let titles = changes.compactMap { change -> String? in
            guard case .delete(let delete as DefaultHistoryDelete<HistoryNote>) = change else { return nil }
            return delete.tombstone[\.title] as? String
        }
        #expect(titles.sorted() == ["one", "two"])
    }

    @Test("a batch update records an update of each row it changed, naming the attributes set")
    func batchUpdateIsRecorded() throws {
        let history = try HistoryStore()
        let context = history.context(author: "batch")
        for title in ["a", "b", "c"] { context.insert(HistoryNote(title: title)) }
        try context.save()
        try context.update(HistoryNote.self, where: #Predicate { $0.title != "b" }, set: [.set(\.priority, to: 9)])

        let last = try #require(try history.history().last)
        #expect(last.author == "batch")
        #expect(last.changes.map(summary) == ["update HistoryNote priority", "update HistoryNote priority"])
    }

    @Test("a batch delete records a delete of each row")
    func batchDeleteIsRecorded() throws {
        let history = try HistoryStore()
        let context = history.context()
        for title in ["a", "b", "c"] { context.insert(HistoryNote(title: title)) }
        try context.save()
        try context.delete(model: HistoryNote.self, where: #Predicate { $0.title != "b" })
        try context.save()
        #expect(try history.history().last?.changes.map(summary) == ["delete HistoryNote", "delete HistoryNote"])
    }

    @Test("a save without changes records no transaction")
    func emptySaveRecordsNothing() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "a"))
        try context.save()
        let note = try #require(try context.fetch(FetchDescriptor<HistoryNote>()).first)
        note.title = "a" // the value it has
        try context.save()
        #expect(try history.history().count == 1)
    }
}
