import Foundation
import GRDB
import OpenSwiftData
import Testing

/// Changes to consecutive rows are stored as runs, one row each, and read back as
/// one change per row.
@Suite struct HistoryRunTests {
    @Test("an import's inserts are stored as one row and read back as one change each")
    func insertsAreOneRun() throws {
        let history = try HistoryStore()
        let context = history.context()
        let notes = (0..<50).map { HistoryNote(title: "note \($0)") }
        notes.forEach(context.insert)
        try context.save()
        #expect(try storedChangeRows(history) == 1)
        let inserted = try history.history().flatMap(\.changes).compactMap { change -> PersistentIdentifier? in
            if case .insert(let insert) = change { insert.changedPersistentIdentifier } else { nil }
        }
        #expect(inserted == notes.map(\.persistentModelID))
    }

    @Test("an update of every row with the same properties is stored as one row")
    func updatesAreOneRun() throws {
        let history = try HistoryStore()
        let context = history.context()
        let notes = (0..<20).map { HistoryNote(title: "note \($0)") }
        notes.forEach(context.insert)
        try context.save()
        for note in notes { note.priority = 7 }
        try context.save()
        #expect(try storedChangeRows(history) == 2)
        let updates = try history.history().last?.changes.map(summary)
        #expect(updates == Array(repeating: "update HistoryNote priority", count: 20))
    }

    @Test("every change of a run has an identifier of its own, increasing with later changes")
    func changeIdentifiersAreDistinct() throws {
        let history = try HistoryStore()
        let context = history.context()
        let notes = (0..<10).map { HistoryNote(title: "note \($0)") }
        notes.forEach(context.insert)
        try context.save()
        context.delete(notes[3])
        try context.save()
        context.insert(HistoryNote(title: "later"))
        try context.save()
        let identifiers = try history.history().flatMap(\.changes).map(changeIdentifier)
        #expect(identifiers.count == 12)
        #expect(identifiers == identifiers.sorted() && Set(identifiers).count == identifiers.count)
    }

    @Test("history written before runs were stored is read as one change per row, and later saves add runs")
    func historyBeforeRuns() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "old"))
        try context.save()
        // As a store whose history was written before runs: no Z_COUNT column.
        let queue = try DatabaseQueue(path: history.store.url.path)
        try queue.write { db in try db.execute(sql: "ALTER TABLE Z_HISTORYCHANGE DROP COLUMN Z_COUNT") }
        try queue.close()

        let reopened = try history.store.container(HistoryNote.self, HistoryFolder.self)
        let later = ModelContext(reopened)
        #expect(try later.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).flatMap(\.changes).map(summary) == ["insert HistoryNote"])
        later.insert(HistoryNote(title: "new 1"))
        later.insert(HistoryNote(title: "new 2"))
        try later.save()
        let changes = try later.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).flatMap(\.changes)
        #expect(changes.map(summary) == Array(repeating: "insert HistoryNote", count: 3))
    }

    private func storedChangeRows(_ history: HistoryStore) throws -> Int {
        let queue = try DatabaseQueue(path: history.store.url.path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM Z_HISTORYCHANGE") ?? 0 }
    }

    private func changeIdentifier(_ change: HistoryChange) -> Int64 {
        let identifier: any Sendable = switch change {
        case .insert(let insert): insert.changeIdentifier
        case .update(let update): update.changeIdentifier
        case .delete(let delete): delete.changeIdentifier
        }
        return identifier as? Int64 ?? -1
    }
}
