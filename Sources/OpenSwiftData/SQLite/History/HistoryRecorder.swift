import Foundation
import GRDB
import Synchronization
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// Records one write's changes in the store's history, inside that write's
/// transaction, so that history is never missing a commit nor ahead of one.
///
/// The transaction's row is written with its first change (a write that changes
/// no row records nothing). Inserts and updates are gathered into runs (see
/// `HistoryTables`), each written as one row when the next change does not extend
/// it or when the write finishes; the deletes of one entity are one
/// `INSERT … SELECT`, which also copies the preserved values from the rows before
/// they go.
struct HistoryRecorder {
    let store: SQLiteStore
    let author: String?
    /// False when the store's configuration turned history off: nothing is recorded.
    let isRecording: Bool
    private var transactionID: Int64?
    /// Updates by model, in the order first seen: written last, once their
    /// foreign keys and to-many relationships are known too.
    private var updates: [(entity: String, rowID: Int64, names: [String])] = []
    private var updateIndex: [ObjectIdentifier: Int] = [:]
    /// Per entity, the statement that compares a model with its row (see `diffSQL`).
    private var diffStatements: [String: OpaquePointer] = [:]
    private var changeInsert: OpaquePointer?
    /// The run of changes not yet written.
    private var run: (kind: HistoryTables.Kind, entity: String, firstRow: Int64, count: Int64, detail: String?)?

    /// Starts recording a write; called first in it, in a store that has no history
    /// tables yet, creates them. First, because creating a table finalizes the
    /// statements GRDB has cached on the connection, and a save holds some of those
    /// by pointer (`SaveStatements`).
    init(store: SQLiteStore, author: String?, _ db: Database) throws {
        self.store = store
        self.author = author
        self.isRecording = store.configuration.recordsHistory
        guard isRecording else { return }
        if !store.historyTablesExist.load(ordering: .acquiring) {
            if try HistoryTables.exist(in: db) {
                try HistoryTables.addRunsIfMissing(in: db)
            } else {
                try HistoryTables.create(in: db)
            }
            store.historyTablesPending.store(true, ordering: .releasing)
        }
    }

    /// The transaction's number, writing its row the first time.
    private mutating func transaction(_ db: Database) throws -> Int64 {
        if let transactionID { return transactionID }
        let sql = "INSERT INTO \"\(HistoryTables.transactions)\" (\"Z_TIMESTAMP\", \"Z_AUTHOR\", \"Z_BUNDLE\", \"Z_PROCESS\") VALUES (?, ?, ?, ?)"
        try db.execute(sql: sql, arguments: [Date().timeIntervalSince1970, author, Self.bundleIdentifier, Self.processIdentifier])
        let id = db.lastInsertedRowID
        transactionID = id
        return id
    }

    /// Adds a change to the run under way, or writes that run and starts another.
    private mutating func recordChange(_ kind: HistoryTables.Kind, entity: String, rowID: Int64, detail: String?, _ db: Database) throws {
        guard isRecording else { return }
        if let current = run, current.kind == kind, current.firstRow &+ current.count == rowID,
           current.entity == entity, current.detail == detail {
            run?.count += 1
            return
        }
        try writeRun(db)
        run = (kind, entity, rowID, 1, detail)
    }

    /// Writes the run under way, if any.
    private mutating func writeRun(_ db: Database) throws {
        guard let run else { return }
        self.run = nil
        let transaction = try transaction(db)
        let statement = try changeStatement(db)
        sqlite3_reset(statement)
        defer { sqlite3_reset(statement) }
        sqlite3_bind_int64(statement, 1, transaction)
        sqlite3_bind_int64(statement, 2, run.kind.rawValue)
        _ = run.entity._bind(to: statement, at: 3)
        sqlite3_bind_int64(statement, 4, run.firstRow)
        if let detail = run.detail { _ = detail._bind(to: statement, at: 5) } else { sqlite3_bind_null(statement, 5) }
        sqlite3_bind_int64(statement, 6, run.count)
        _ = try db.step(statement)
    }

    /// The change insert, prepared once per write and kept by pointer: the write
    /// changes no schema after `init`, so GRDB keeps it alive. The row takes the
    /// number of the run's last change (see `HistoryTables`).
    private mutating func changeStatement(_ db: Database) throws -> OpaquePointer {
        if let changeInsert { return changeInsert }
        let table = "\"\(HistoryTables.changes)\""
        let sql = """
            INSERT INTO \(table) ("Z_ID", "Z_TRANSACTION", "Z_KIND", "Z_ENTITY", "Z_ROW", "Z_DETAIL", "Z_COUNT") \
            VALUES ((SELECT ifnull(max("Z_ID"), 0) FROM \(table)) + ?6, ?1, ?2, ?3, ?4, ?5, ?6)
            """
        let statement = try db.cachedStatement(sql: sql).sqliteStatement
        changeInsert = statement
        return statement
    }

    /// The number of the transaction this write recorded; nil while it recorded nothing.
    var recordedTransaction: Int64? { transactionID }

    /// Writes what is still gathered: called last in a write that records history.
    mutating func finish(_ db: Database) throws {
        try recordUpdates(db)
        try writeRun(db)
    }

    // MARK: Inserts

    mutating func recordInsert(entity: String, rowID: Int64, _ db: Database) throws {
        try recordChange(.insert, entity: entity, rowID: rowID, detail: nil, db)
    }

    // MARK: Updates

    /// Notes which of the columns an update writes (its `parameters`, as the update
    /// statement's) differ from the stored row: called before the row is updated. A
    /// model whose written values are all as stored is not noted (unless a relationship
    /// of it changes, see `noteUpdated`).
    mutating func noteUpdate(of model: any PersistentModel, writing parameters: [Int32], _ db: Database) throws {
        guard isRecording else { return }
        let table = try store.table(for: type(of: model))
        guard !table.columns.isEmpty else { return }
        let statement: OpaquePointer
        if let prepared = diffStatements[table.name] {
            statement = prepared
        } else {
            statement = try db.cachedStatement(sql: Self.diffSQL(for: table)).sqliteStatement
            diffStatements[table.name] = statement
        }
        sqlite3_reset(statement)
        defer { sqlite3_reset(statement) }
        var writer = _ModelWriter(statement: statement, parameters: parameters, entity: table.entity)
        try model._$encode(to: &writer)
        sqlite3_bind_int64(statement, Int32(table.columns.count + 1), model._$backingState.rowID)
        guard try db.step(statement) else { return }
        for parameter in parameters where parameter > 0 && sqlite3_column_int64(statement, parameter - 1) != 0 {
            noteUpdated(model, property: table.columns[Int(parameter) - 1], entity: table.name)
        }
    }

    /// `SELECT "a" IS NOT ?1, "b" IS NOT ?2, … FROM "T" WHERE "Z_PK" = ?n`: the
    /// model is bound as for its UPDATE, so each column says whether it changes.
    private static func diffSQL(for table: EntityTable) -> String {
        let tests = table.columns.enumerated().map { "\($0.element.quotedIdentifier) IS NOT ?\($0.offset + 1)" }
        return "SELECT \(tests.joined(separator: ", ")) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" = ?\(table.columns.count + 1)"
    }

    /// Notes that `property` of a saved model changed.
    mutating func noteUpdated(_ model: any PersistentModel, property: String, entity: String) {
        guard isRecording else { return }
        let key = ObjectIdentifier(model)
        if let index = updateIndex[key] {
            if !updates[index].names.contains(property) { updates[index].names.append(property) }
        } else {
            updateIndex[key] = updates.count
            updates.append((entity, model._$backingState.rowID, [property]))
        }
    }

    /// Records the updates noted.
    private mutating func recordUpdates(_ db: Database) throws {
        for update in updates {
            try recordChange(.update, entity: update.entity, rowID: update.rowID, detail: update.names.joined(separator: ","), db)
        }
        updates.removeAll()
        updateIndex.removeAll()
    }

    /// Records an update of the same properties on each of `rowIDs` (a batch update).
    mutating func recordUpdates(entity: String, rowIDs: [Int64], properties: [String], _ db: Database) throws {
        let detail = properties.joined(separator: ",")
        // In row order, so that runs of consecutive rows become one record.
        for rowID in rowIDs.sorted() { try recordChange(.update, entity: entity, rowID: rowID, detail: detail, db) }
    }

    // MARK: Deletes

    /// Records the deletion of the rows of `table` that `condition` selects (its
    /// parameter ?1 bound to `argument`), with their preserved values: called just
    /// before they are deleted.
    mutating func recordDeletes(of table: EntityTable, where condition: String, argument: DatabaseValue, _ db: Database) throws {
        guard isRecording else { return }
        try writeRun(db)
        let transaction = try transaction(db)
        let preserved = table.entity.persistedProperties.compactMap(\.attribute).filter { $0.options.contains(.preserveValueOnDeletion) }
        // A BLOB cannot be a JSON value: it is kept as its hex digits in a one-element array.
        let detail = preserved.isEmpty ? "NULL" : "json_object(" + preserved.map { attribute in
            let column = attribute.name.quotedIdentifier
            return "'\(attribute.name.replacingOccurrences(of: "'", with: "''"))', CASE WHEN typeof(\(column)) = 'blob' THEN json_array(hex(\(column))) ELSE \(column) END"
        }.joined(separator: ", ") + ")"
        let sql = """
            INSERT INTO "\(HistoryTables.changes)" ("Z_TRANSACTION", "Z_KIND", "Z_ENTITY", "Z_ROW", "Z_DETAIL") \
            SELECT ?2, \(HistoryTables.Kind.delete.rawValue), ?3, "Z_PK", \(detail) FROM \(table.name.quotedIdentifier) WHERE \(condition) ORDER BY "Z_PK"
            """
        try db.execute(sql: sql, arguments: [argument, transaction, table.name])
    }

    // MARK: Where the saving program is

    static let bundleIdentifier: String = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    static let processIdentifier = String(ProcessInfo.processInfo.processIdentifier)
}
