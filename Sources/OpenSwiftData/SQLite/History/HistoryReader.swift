import Foundation
import GRDB
import Synchronization

/// Reads a store's history into `DefaultHistoryTransaction`s.
struct HistoryReader {
    let store: SQLiteStore

    /// The transactions whose numbers `bounds` allows, in the order they were
    /// saved, with their changes; none in a store that has no history tables.
    func transactions(within bounds: HistoryBounds) throws -> [DefaultHistoryTransaction] {
        try store.read { db in
            guard try HistoryTables.exist(in: db) else { return [] }
            if let from = bounds.lower, let deleted = try HistoryTables.deletedThrough(in: db), from <= deleted {
                throw HistoryRecords.expired(from: from, deletedThrough: deleted)
            }
            let recordsRuns = try HistoryTables.recordsRuns(in: db)
            // Tables of an older layout are brought up to date by the next save.
            if recordsRuns { store.historyTablesExist.store(true, ordering: .releasing) }
            return try transactions(within: bounds, recordsRuns: recordsRuns, db)
        }
    }

    private struct TransactionRow {
        let id: Int64
        let timestamp: Double
        let author: String?
        let bundle: String
        let process: String
    }

    private func transactions(within bounds: HistoryBounds, recordsRuns: Bool, _ db: Database) throws -> [DefaultHistoryTransaction] {
        let (condition, arguments) = bounds.sql(column: "Z_ID")
        let rows = try Row.fetchAll(db, sql: """
            SELECT "Z_ID", "Z_TIMESTAMP", "Z_AUTHOR", "Z_BUNDLE", "Z_PROCESS" FROM "\(HistoryTables.transactions)" \
            WHERE \(condition) ORDER BY "Z_ID"
            """, arguments: StatementArguments(arguments)).map {
            TransactionRow(id: try $0.decode(atIndex: 0), timestamp: try $0.decode(atIndex: 1), author: try $0.decode(atIndex: 2),
                           bundle: try $0.decode(atIndex: 3), process: try $0.decode(atIndex: 4))
        }
        guard let first = rows.first?.id, let last = rows.last?.id else { return [] }
        let tombstones = try self.tombstones(from: first, through: last, db)
        let count = recordsRuns ? "ifnull(\"Z_COUNT\", 1)" : "1"
        var runs: [HistoryRecords.Run] = []
        let changeRows = try Row.fetchCursor(db, sql: """
            SELECT "Z_ID", "Z_TRANSACTION", "Z_KIND", "Z_ENTITY", "Z_ROW", "Z_DETAIL", \(count) FROM "\(HistoryTables.changes)" \
            WHERE "Z_TRANSACTION" BETWEEN ? AND ? ORDER BY "Z_ID"
            """, arguments: [first, last])
        while let row = try changeRows.next() {
            runs.append(HistoryRecords.Run(lastID: try row.decode(atIndex: 0), transaction: try row.decode(atIndex: 1),
                                           kind: try row.decode(atIndex: 2), entity: try row.decode(atIndex: 3),
                                           firstRow: try row.decode(atIndex: 4), detail: try row.decode(atIndex: 5),
                                           count: try row.decode(atIndex: 6)))
        }
        let transactions = rows.map {
            HistoryRecords.Transaction(id: $0.id, timestamp: $0.timestamp, author: $0.author, bundle: $0.bundle, process: $0.process)
        }
        return HistoryRecords.transactions(transactions, runs: runs, storeIdentifier: store.identifier, schema: store.schema,
                                           tombstones: tombstones)
    }

    /// The preserved values of the deletes of a range of transactions, by change,
    /// decoded as their attributes' Swift values. SQLite reads the JSON, so that a
    /// number keeps its type (an integer, or a real even when whole). Only deletes'
    /// details are JSON: the `CASE` keeps an update's names from being parsed, which
    /// SQLite may do before it applies the `WHERE`.
    private func tombstones(from first: Int64, through last: Int64, _ db: Database) throws -> [Int64: [(name: String, value: any Sendable)]] {
        var result: [Int64: [(name: String, value: any Sendable)]] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT c."Z_ID", c."Z_ENTITY", j."key", j."type", j."atom", CASE WHEN j."type" = 'array' THEN json_extract(j."value", '$[0]') END \
            FROM "\(HistoryTables.changes)" AS c, json_each(CASE WHEN c."Z_KIND" = ?3 THEN c."Z_DETAIL" END) AS j \
            WHERE c."Z_TRANSACTION" BETWEEN ?1 AND ?2 AND c."Z_KIND" = ?3
            """, arguments: [first, last, HistoryTables.Kind.delete.rawValue])
        while let row = try rows.next() {
            let change: Int64 = try row.decode(atIndex: 0)
            let entityName: String = try row.decode(atIndex: 1)
            let name: String = try row.decode(atIndex: 2)
            let type: String = try row.decode(atIndex: 3)
            guard let attribute = store.table(named: entityName)?.entity.attributesByName[name] else { continue }
            let stored: StoredValue
            if type == "array", let hex: String = try row.decode(atIndex: 5) {
                stored = .bytes(Self.data(hex: hex))
            } else {
                stored = StoredValue(row[4] as DatabaseValue)
            }
            guard let value = HistoryRecords.preservedValue(stored, of: attribute) else { continue }
            result[change, default: []].append((name, value))
        }
        return result
    }

    private static func data(hex: String) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.utf8.count / 2)
        var high: UInt8?
        for character in hex.utf8 {
            let nibble: UInt8 = switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
            default: character &- UInt8(ascii: "a") &+ 10
            }
            if let value = high { bytes.append(value << 4 | nibble); high = nil } else { high = nibble }
        }
        return Data(bytes)
    }
}
