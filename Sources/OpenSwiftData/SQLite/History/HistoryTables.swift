import Foundation
import GRDB

/// The store's own tables of history, beside the entities' tables:
///
/// - `Z_HISTORYTRANSACTION`: one row per save that changed rows, numbered by
///   `Z_ID` (`AUTOINCREMENT`, so that a number, which is the transaction's token,
///   is never given twice even after history is deleted), with its time, author,
///   bundle and process;
/// - `Z_HISTORYCHANGE`: one row per run of changes of one kind (0 insert, 1 update,
///   2 delete) to consecutive rows of one entity with the same detail: its
///   transaction, kind, entity, first row and `Z_COUNT` (NULL in stores written
///   before runs: one); `Z_DETAIL` holds an update's property names,
///   comma-separated, or a delete's preserved values as a JSON object. A run's
///   changes are numbered `Z_ID - Z_COUNT + 1` through `Z_ID`, numbers no other
///   row takes, so each change keeps an identifier of its own. An import's inserts
///   are one run, an update of every row with the same properties too: history
///   then costs a row per save, not a row per changed row.
///
/// Their keys are not named `Z_PK`, so the store's introspection (for stores that
/// record no schema) does not take them for entities.
enum HistoryTables {
    static let transactions = "Z_HISTORYTRANSACTION"
    static let changes = "Z_HISTORYCHANGE"
    /// The numbers of the newest transactions `deleteHistory` removed, one row per call:
    /// a fetch from a token before one of them would miss it, and throws instead.
    static let deletions = "Z_HISTORYDELETION"

    typealias Kind = HistoryRecords.Kind

    /// Creates the tables where they are missing: in a store made before history
    /// was recorded, by the first write that records some.
    static func create(in db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS "\(transactions)" ("Z_ID" INTEGER PRIMARY KEY AUTOINCREMENT, \
            "Z_TIMESTAMP" REAL NOT NULL, "Z_AUTHOR" TEXT, "Z_BUNDLE" TEXT NOT NULL, "Z_PROCESS" TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS "\(changes)" ("Z_ID" INTEGER PRIMARY KEY, "Z_TRANSACTION" INTEGER NOT NULL, \
            "Z_KIND" INTEGER NOT NULL, "Z_ENTITY" TEXT NOT NULL, "Z_ROW" INTEGER NOT NULL, "Z_DETAIL" TEXT, "Z_COUNT" INTEGER);
            CREATE INDEX IF NOT EXISTS "\(changes)_transaction" ON "\(changes)" ("Z_TRANSACTION");
            """)
    }

    /// Brings tables made before changes were recorded in runs up to date: adds
    /// `Z_COUNT`, which such rows leave NULL (one change each).
    static func addRunsIfMissing(in db: Database) throws {
        guard try !recordsRuns(in: db) else { return }
        try db.execute(sql: "ALTER TABLE \"\(changes)\" ADD COLUMN \"Z_COUNT\" INTEGER")
    }

    /// Whether the changes table has `Z_COUNT`.
    static func recordsRuns(in db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_table_info(?) WHERE name = 'Z_COUNT'", arguments: [changes]) == 1
    }

    /// Records that history through `transaction` was deleted (the deleted
    /// transaction with the highest number).
    static func recordDeletion(through transaction: Int64, in db: Database) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \"\(deletions)\" (\"Z_THROUGH\" INTEGER NOT NULL)")
        try db.execute(sql: "INSERT INTO \"\(deletions)\" (\"Z_THROUGH\") VALUES (?)", arguments: [transaction])
    }

    /// The highest transaction number `deleteHistory` has removed; nil when it never has.
    static func deletedThrough(in db: Database) throws -> Int64? {
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [deletions]) == 1 else {
            return nil
        }
        return try Int64.fetchOne(db, sql: "SELECT max(\"Z_THROUGH\") FROM \"\(deletions)\"")
    }

    /// Whether the store has history tables (a store no one has saved to since
    /// history began to be recorded has none, and so no history).
    static func exist(in db: Database) throws -> Bool {
        // Asked of SQLite itself: GRDB caches what `tableExists` found, and another
        // connection may have created the tables since.
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (?, ?)",
                         arguments: [transactions, changes]) == 2
    }
}
