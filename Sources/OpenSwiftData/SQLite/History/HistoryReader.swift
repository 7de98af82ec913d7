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
                throw SwiftDataError(.historyTokenExpired, explanation: .historyTokenExpired(token: Int(from - 1), deletedThrough: Int(deleted)))
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
            TransactionRow(id: $0[0], timestamp: $0[1], author: $0[2], bundle: $0[3], process: $0[4])
        }
        guard let first = rows.first?.id, let last = rows.last?.id else { return [] }
        let tombstones = try self.tombstones(from: first, through: last, db)
        var changes: [Int64: [HistoryChange]] = [:]
        let count = recordsRuns ? "ifnull(\"Z_COUNT\", 1)" : "1"
        let changeRows = try Row.fetchCursor(db, sql: """
            SELECT "Z_ID", "Z_TRANSACTION", "Z_KIND", "Z_ENTITY", "Z_ROW", "Z_DETAIL", \(count) FROM "\(HistoryTables.changes)" \
            WHERE "Z_TRANSACTION" BETWEEN ? AND ? ORDER BY "Z_ID"
            """, arguments: [first, last])
        while let row = try changeRows.next() {
            let (lastID, firstRow, runLength): (Int64, Int64, Int64) = (row[0], row[4], max(row[6], 1))
            guard let entity = store.table(named: row[3])?.entity else { continue }
            for offset in 0..<runLength {
                let record = ChangeRecord(id: lastID - runLength + 1 + offset, transaction: row[1], kind: row[2],
                                          entity: row[3], rowID: firstRow + offset, detail: row[5])
                guard let change = record.change(of: entity.modelType, storeIdentifier: store.identifier,
                                                 tombstone: tombstones[record.id] ?? []) else { continue }
                changes[record.transaction, default: []].append(change)
            }
        }
        return rows.map { row in
            DefaultHistoryTransaction(
                storeIdentifier: store.identifier, bundleIdentifier: row.bundle, processIdentifier: row.process,
                transactionIdentifier: row.id, token: DefaultHistoryToken(storeIdentifier: store.identifier, transaction: row.id),
                author: row.author, changes: changes[row.id] ?? [], timestamp: Date(timeIntervalSince1970: row.timestamp))
        }
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
            let change: Int64 = row[0]
            let entityName: String = row[1]
            let name: String = row[2]
            let type: String = row[3]
            guard let attribute = store.table(named: entityName)?.entity.attributesByName[name], let codec = attribute.codec else { continue }
            let stored: StoredValue
            if type == "array", let hex: String = row[5] {
                stored = .bytes(Self.data(hex: hex))
            } else {
                stored = StoredValue(row[4] as DatabaseValue)
            }
            guard let value = try? codec.decode(stored) else { continue }
            // Values of attributes are value types the store reads back (numbers,
            // text, dates, Codable values): `Sendable` is a marker with no runtime
            // form, so the existential is the same.
            result[change, default: []].append((name, unsafeBitCast(value as Any, to: (any Sendable).self)))
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

/// One row of `Z_HISTORYCHANGE`.
private struct ChangeRecord {
    let id: Int64
    let transaction: Int64
    let kind: Int64
    let entity: String
    let rowID: Int64
    let detail: String?

    /// The change as its model's generic type (opened from the entity's model type).
    func change(of type: any PersistentModel.Type, storeIdentifier: String, tombstone: [(name: String, value: any Sendable)]) -> HistoryChange? {
        make(type, storeIdentifier: storeIdentifier, tombstone: tombstone)
    }

    private func make<Model: PersistentModel>(_: Model.Type, storeIdentifier: String, tombstone: [(name: String, value: any Sendable)]) -> HistoryChange? {
        let identifier = PersistentIdentifier(entityName: entity, storeIdentifier: storeIdentifier, rowID: rowID)
        switch HistoryTables.Kind(rawValue: kind) {
        case .insert:
            return .insert(DefaultHistoryInsert<Model>(changeIdentifier: id, changedPersistentIdentifier: identifier, transactionIdentifier: transaction))
        case .update:
            let names = (detail ?? "").split(separator: ",").map(String.init)
            return .update(DefaultHistoryUpdate<Model>(changeIdentifier: id, changedPersistentIdentifier: identifier,
                                                       transactionIdentifier: transaction, updatedPropertyNames: names))
        case .delete:
            return .delete(DefaultHistoryDelete<Model>(changeIdentifier: id, changedPersistentIdentifier: identifier,
                                                       transactionIdentifier: transaction, tombstone: HistoryTombstone(values: tombstone)))
        case nil:
            return nil
        }
    }
}
