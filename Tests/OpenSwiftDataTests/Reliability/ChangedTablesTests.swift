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

    @Test func aRecordColumnAnotherProgramRenamedIsNamedAsMissingWhenTheStoreOpensNotShownAsSQL() throws {
        for (column, renamed) in [("key", "name"), ("value", "contents")] {
            let store = try storeChanged(by: #"ALTER TABLE "Z_METADATA" RENAME COLUMN "\#(column)" TO "\#(renamed)""#)
            #expect(StoreDamageTests.openError(store) == .storeDamaged(path: store.url.path, reason: .missingFromTables("the column \(column)")))
        }
    }

    /// A store holding Ann's badge A, then changed by another program with `statements`.
    static func annsBadge(then statements: [String]) throws -> TestStore {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Badge.self))
            context.insert(Badge(code: "A", holder: "Ann"))
            try context.save()
        }
        let queue = try DatabaseQueue(path: store.url.path)
        try queue.write { db in for statement in statements { try db.execute(sql: statement) } }
        try queue.close()
        return store
    }

    /// A second badge of Ann's, B, meets the other program's unique index on the holder: the
    /// save fails naming it, and badge A is kept as it was.
    static func expectAnnsSecondBadgeRefusedNamingTheHolder(in store: TestStore) throws {
        let context = ModelContext(try store.container(Badge.self))
        context.insert(Badge(code: "B", holder: "Ann"))
        #expect(throws: OpenSwiftDataError.uniqueConstraintViolated(entity: "Badge", properties: ["holder"])) { try context.save() }
        let kept = try ModelContext(try store.container(Badge.self)).fetch(FetchDescriptor<Badge>())
        #expect(kept.map(\.code) == ["A"])
    }

    /// An upsert with no conflict target took any unique index for the model's key: a new
    /// badge whose holder shared a unique index another program made overwrote the old badge.
    @Test func aUniqueIndexAnotherProgramMadeOverwritesNoRowAndFailsTheSaveNamingIt() throws {
        let store = try Self.annsBadge(then: [#"CREATE UNIQUE INDEX "another_program" ON "Badge" ("holder")"#])
        try Self.expectAnnsSecondBadgeRefusedNamingTheHolder(in: store)
        // The model's own key still upserts.
        let again = ModelContext(try store.container(Badge.self))
        again.insert(Badge(code: "A", holder: "Ann"))
        try again.save()
        #expect(try ModelContext(try store.container(Badge.self)).fetchCount(FetchDescriptor<Badge>()) == 1)
    }

    /// With the index of the model's own key dropped by another program too, the upsert that
    /// names that key cannot be prepared: the save failed as a store that could not be read or
    /// written, where the insert met the other program's index.
    @Test func aUniqueIndexAnotherProgramMadeWhereItDroppedTheModelsOwnFailsTheSaveNamingIt() throws {
        let store = try Self.annsBadge(then: [#"DROP INDEX "Badge_unique_code""#,
                                              #"CREATE UNIQUE INDEX "another_program" ON "Badge" ("holder")"#])
        try Self.expectAnnsSecondBadgeRefusedNamingTheHolder(in: store)
    }

    @Test func aRecordRowWithoutAKeyIsPassedOverWhenTheStoreOpens() throws {
        let store = try storeChanged(by: #"INSERT INTO "Z_METADATA" ("key", "value") VALUES (NULL, 'left by another program')"#)
        let context = ModelContext(try store.container(Tag.self))
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.label) == ["first"])
    }

    @Test func aHistoryRowWithoutItsEntityReportsTheStoreDamagedInsteadOfStoppingTheProcess() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "kept"))
        try context.save()
        // A damaged page of the schema can lose a column's NOT NULL: made here as SQLite's documentation shows.
        let queue = try DatabaseQueue(path: history.store.url.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: #"UPDATE sqlite_master SET sql = replace(sql, '"Z_ENTITY" TEXT NOT NULL', '"Z_ENTITY" TEXT') WHERE name = 'Z_HISTORYCHANGE'"#)
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try queue.close()
        let reopened = try DatabaseQueue(path: history.store.url.path)
        try reopened.write { db in try db.execute(sql: #"UPDATE "Z_HISTORYCHANGE" SET "Z_ENTITY" = NULL"#) }
        try reopened.close()
        #expect(throws: OpenSwiftDataError.storeDamaged(path: history.store.url.path, reason: .corrupt)) { try history.history() }
    }
}
