import Foundation
import GRDB
import OpenSwiftData
import Testing

/// A store whose tables another program changed after the engine wrote them (a column
/// renamed, a table dropped) opens, as its records still match; the fetch or save that
/// meets what is missing reports the store as damaged, naming it, never with SQL.
@Suite struct ChangedTablesTests {
    /// A store of one tag whose tables `sql` then changes.
    func storeChanged(by sql: String) throws -> TestStore {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tag.self))
            context.insert(Tag(label: "first"))
            try context.save()
        }
        let queue = try DatabaseQueue(path: store.url.path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        return store
    }

    @Test func aFetchThatMeetsARenamedColumnReportsTheColumnMissingFromTheTables() throws {
        let store = try storeChanged(by: #"ALTER TABLE "Tag" RENAME COLUMN "label" TO "name""#)
        let context = ModelContext(try store.container(Tag.self))
        #expect(throws: OpenSwiftDataError.storeDamaged(path: store.url.path, reason: .missingFromTables("the column label"))) {
            try context.fetch(FetchDescriptor<Tag>())
        }
    }

    @Test func aSaveThatMeetsARenamedColumnReportsTheColumnMissingAndKeepsTheChanges() throws {
        let store = try storeChanged(by: #"ALTER TABLE "Tag" RENAME COLUMN "label" TO "name""#)
        let context = ModelContext(try store.container(Tag.self))
        context.insert(Tag(label: "second"))
        #expect(throws: OpenSwiftDataError.storeDamaged(path: store.url.path, reason: .missingFromTables("the column label"))) {
            try context.save()
        }
        #expect(context.hasChanges)
    }

    @Test func theDamageNamesWhatIsMissingWithoutSQL() {
        let message = "\(OpenSwiftDataError.storeDamaged(path: "/tmp/s.store", reason: .missingFromTables("the column label")))"
        #expect(message.contains("the column label is missing from its tables"), "\(message)")
        #expect(!message.contains("SELECT") && !message.contains("no such"), "\(message)")
    }

    @Test func aFetchThatMeetsADroppedTableReportsTheTableMissingFromTheTables() throws {
        let store = try storeChanged(by: #"DROP TABLE "Tag""#)
        let context = ModelContext(try store.container(Tag.self))
        #expect(throws: OpenSwiftDataError.storeDamaged(path: store.url.path, reason: .missingFromTables("the table Tag"))) {
            try context.fetch(FetchDescriptor<Tag>())
        }
    }
}
