#if PostgreSQL
import Foundation
import OpenSwiftData

/// Gathers one save's changes and writes them, last in the save's transaction, as its
/// history: one transaction row and one row per run of changes (see
/// ``PostgresHistoryTables``), in one statement whatever the size of the save.
///
/// Changes are kept in the order the SQLite store records them: deletes, then inserts,
/// then updates. A save that changes no row records nothing.
struct PostgresHistoryRecorder {
    let isRecording: Bool
    private var deletes: [(entity: String, key: Int64, tombstone: String?)] = []
    private var inserts: [(entity: String, key: Int64)] = []
    /// Updates by model, in the order first seen.
    private var updates: [(entity: String, key: Int64, names: [String])] = []
    private var updateIndex: [ObjectIdentifier: Int] = [:]

    init(isRecording: Bool) {
        self.isRecording = isRecording
    }

    mutating func recordDelete(entity: String, key: Int64, tombstone: String?) {
        guard isRecording else { return }
        deletes.append((entity, key, tombstone))
    }

    mutating func recordInsert(entity: String, key: Int64) {
        guard isRecording else { return }
        inserts.append((entity, key))
    }

    /// Records an update of the same properties on each of `keys` (a batch update).
    mutating func recordUpdates(entity: String, keys: [Int64], properties: [String]) {
        guard isRecording else { return }
        // In key order, so that runs of consecutive rows become one record.
        for key in keys.sorted() { updates.append((entity, key, properties)) }
    }

    /// Notes that `property` of a saved model changed.
    mutating func noteUpdated(_ model: any PersistentModel, property: String) {
        guard isRecording, model.storeKey > 0 else { return }
        let id = ObjectIdentifier(model)
        if let index = updateIndex[id] {
            if !updates[index].names.contains(property) { updates[index].names.append(property) }
        } else {
            updateIndex[id] = updates.count
            updates.append((type(of: model)._$entityName, model.storeKey, [property]))
        }
    }

    /// The changes as runs: consecutive changes of one kind to consecutive rows of one
    /// entity with the same detail are one.
    private func runs() -> [(kind: HistoryRecords.Kind, entity: String, firstRow: Int64, count: Int64, detail: String?)] {
        var runs: [(kind: HistoryRecords.Kind, entity: String, firstRow: Int64, count: Int64, detail: String?)] = []
        func add(_ kind: HistoryRecords.Kind, _ entity: String, _ row: Int64, _ detail: String?) {
            if let last = runs.last, last.kind == kind, last.entity == entity, last.firstRow &+ last.count == row, last.detail == detail {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((kind, entity, row, 1, detail))
            }
        }
        for delete in deletes { add(.delete, delete.entity, delete.key, delete.tombstone) }
        for insert in inserts { add(.insert, insert.entity, insert.key, nil) }
        for update in updates { add(.update, update.entity, update.key, update.names.joined(separator: ",")) }
        return runs
    }

    /// Writes the transaction and its changes, called last in the save's transaction, and
    /// returns the transaction's number (nil when nothing was recorded).
    @discardableResult
    func write(on session: PostgresSession, author: String?) throws -> Int64? {
        guard isRecording else { return nil }
        let runs = runs()
        guard !runs.isEmpty else { return nil }
        var last: Int64 = 0
        var lasts: [PostgresValue] = [], kinds: [PostgresValue] = [], entities: [PostgresValue] = []
        var rows: [PostgresValue] = [], details: [PostgresValue] = [], counts: [PostgresValue] = []
        for run in runs {
            last += run.count
            lasts.append(.bigint(last))
            kinds.append(.bigint(run.kind.rawValue))
            entities.append(.text(run.entity))
            rows.append(.bigint(run.firstRow))
            details.append(run.detail.map(PostgresValue.text) ?? .null)
            counts.append(.bigint(run.count))
        }
        // One statement: the lock (`l`, held to the commit, so that numbers are taken in
        // commit order: see PostgresHistoryTables), then the transaction's number and a
        // range of change numbers, each drawn after it (both read `l`).
        let changeNumbers = PostgresDialect.quote(PostgresHistoryTables.changeNumbers)
        let numbered = try session.query("""
            WITH l AS MATERIALIZED (SELECT pg_advisory_xact_lock(hashtextextended('\(PostgresHistoryTables.lockName) ' || current_schema(), 0)) AS locked), \
            t AS (INSERT INTO \(PostgresHistoryTables.quotedTransactions) ("Z_TIMESTAMP", "Z_AUTHOR", "Z_BUNDLE", "Z_PROCESS") \
            SELECT $1, $2, $3, $4 FROM l RETURNING "Z_ID"), \
            b AS MATERIALIZED (SELECT setval('\(changeNumbers)', nextval('\(changeNumbers)') + $11 - 1) - $11 AS base FROM l), \
            c AS (INSERT INTO \(PostgresHistoryTables.quotedChanges) ("Z_ID", "Z_TRANSACTION", "Z_KIND", "Z_ENTITY", "Z_ROW", "Z_DETAIL", "Z_COUNT") \
            SELECT b.base + r.last, t."Z_ID", r.kind, r.entity, r.row, r.detail, r.count FROM t, b, \
            unnest($5::bigint[], $6::bigint[], $7::text[], $8::bigint[], $9::text[], $10::bigint[]) AS r(last, kind, entity, row, detail, count)) \
            SELECT "Z_ID" FROM t
            """, [.double(Date().timeIntervalSince1970), author.map(PostgresValue.text) ?? .null,
                  .text(Self.bundleIdentifier), .text(Self.processIdentifier),
                  .array(.bigint, lasts), .array(.bigint, kinds), .array(.text, entities), .array(.bigint, rows),
                  .array(.text, details), .array(.bigint, counts), .bigint(last)])
        guard case let .bigint(number)? = numbered.first?[0] else { return nil }
        return number
    }

    /// `insert` (one row's `INSERT … RETURNING "Z_PK"`) with the history of it in the same
    /// statement: the row, then the lock, the transaction's number and one insert change
    /// naming the row's key, as ``write(on:author:)`` records them. The statement returns
    /// the row's key and the transaction's number.
    static func recordingInsert(_ insert: (sql: String, binds: [PostgresValue]), entity: String,
                                author: String?) -> (sql: String, binds: [PostgresValue]) {
        let next = insert.binds.count
        func bind(_ offset: Int) -> String { PostgresDialect.placeholder(next + offset) }
        let changeNumbers = PostgresDialect.quote(PostgresHistoryTables.changeNumbers)
        let sql = """
            WITH i AS (\(insert.sql)), \
            l AS MATERIALIZED (SELECT pg_advisory_xact_lock(hashtextextended('\(PostgresHistoryTables.lockName) ' || current_schema(), 0)) AS locked FROM i), \
            t AS (INSERT INTO \(PostgresHistoryTables.quotedTransactions) ("Z_TIMESTAMP", "Z_AUTHOR", "Z_BUNDLE", "Z_PROCESS") \
            SELECT \(bind(1))::DOUBLE PRECISION, \(bind(2))::TEXT, \(bind(3))::TEXT, \(bind(4))::TEXT FROM l RETURNING "Z_ID"), \
            b AS MATERIALIZED (SELECT nextval('\(changeNumbers)') AS number FROM l), \
            c AS (INSERT INTO \(PostgresHistoryTables.quotedChanges) ("Z_ID", "Z_TRANSACTION", "Z_KIND", "Z_ENTITY", "Z_ROW", "Z_DETAIL", "Z_COUNT") \
            SELECT b.number, t."Z_ID", \(bind(5))::BIGINT, \(bind(6))::TEXT, i."Z_PK", NULL, 1 FROM t, b, i) \
            SELECT i."Z_PK", t."Z_ID" FROM i, t
            """
        return (sql, insert.binds + [.double(Date().timeIntervalSince1970), author.map(PostgresValue.text) ?? .null,
                                     .text(bundleIdentifier), .text(processIdentifier),
                                     .bigint(HistoryRecords.Kind.insert.rawValue), .text(entity)])
    }

    static let bundleIdentifier: String = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    static let processIdentifier = String(ProcessInfo.processInfo.processIdentifier)
}
#endif
