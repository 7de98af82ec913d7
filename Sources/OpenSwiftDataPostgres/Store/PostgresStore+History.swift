#if PostgreSQL
import Foundation
import OpenSwiftData

// The store's history, as each save's transaction records it (PostgresHistoryRecorder).
extension PostgresStore {
    package func historyTransactions(within bounds: HistoryBounds) throws -> [DefaultHistoryTransaction] {
        try connections.withSession { session in
            if let lower = bounds.lower, let deleted = try deletedThrough(on: session), lower <= deleted {
                throw HistoryRecords.expired(from: lower, deletedThrough: deleted)
            }
            var conditions: [String] = []
            var binds: [PostgresValue] = []
            if let lower = bounds.lower { binds.append(.bigint(lower)); conditions.append("\"Z_ID\" >= $\(binds.count)") }
            if let upper = bounds.upper { binds.append(.bigint(upper)); conditions.append("\"Z_ID\" <= $\(binds.count)") }
            let condition = conditions.isEmpty ? "TRUE" : conditions.joined(separator: " AND ")
            let transactions = try session.query("""
                SELECT "Z_ID", "Z_TIMESTAMP", "Z_AUTHOR", "Z_BUNDLE", "Z_PROCESS" FROM \(PostgresHistoryTables.quotedTransactions) \
                WHERE \(condition) ORDER BY "Z_ID"
                """, binds).compactMap { row -> HistoryRecords.Transaction? in
                guard case let .bigint(id) = row[0], case let .double(timestamp) = row[1],
                      case let .text(bundle) = row[3], case let .text(process) = row[4] else { return nil }
                let author: String? = if case let .text(author) = row[2] { author } else { nil }
                return HistoryRecords.Transaction(id: id, timestamp: timestamp, author: author, bundle: bundle, process: process)
            }
            guard let first = transactions.first?.id, let last = transactions.last?.id else { return [] }
            var runs: [HistoryRecords.Run] = []
            var tombstones: [Int64: [(name: String, value: any Sendable)]] = [:]
            for row in try session.query("""
                SELECT "Z_ID", "Z_TRANSACTION", "Z_KIND", "Z_ENTITY", "Z_ROW", "Z_DETAIL", "Z_COUNT" FROM \(PostgresHistoryTables.quotedChanges) \
                WHERE "Z_TRANSACTION" BETWEEN $1 AND $2 ORDER BY "Z_ID"
                """, [.bigint(first), .bigint(last)]) {
                guard case let .bigint(id) = row[0], case let .bigint(transaction) = row[1], case let .bigint(kind) = row[2],
                      case let .text(entity) = row[3], case let .bigint(firstRow) = row[4], case let .bigint(count) = row[6] else { continue }
                let detail: String? = if case let .text(detail) = row[5] { detail } else { nil }
                runs.append(HistoryRecords.Run(lastID: id, transaction: transaction, kind: kind, entity: entity, firstRow: firstRow,
                                               detail: detail, count: count))
                if kind == HistoryRecords.Kind.delete.rawValue, let detail, let attributes = schema.entitiesByName[entity]?.attributesByName {
                    tombstones[id] = PostgresTombstone.decode(detail).compactMap { name, stored in
                        attributes[name].flatMap { HistoryRecords.preservedValue(stored, of: $0) }.map { (name, $0) }
                    }
                }
            }
            return HistoryRecords.transactions(transactions, runs: runs, storeIdentifier: identifier, schema: schema, tombstones: tombstones)
        }
    }

    package func latestHistoryTransaction() throws -> Int64? {
        try connections.withSession { session in
            guard case let .bigint(id)? = try session.query("SELECT max(\"Z_ID\") FROM \(PostgresHistoryTables.quotedTransactions)").first?[0] else {
                return nil
            }
            return id
        }
    }

    package func deleteHistory(_ transactions: [Int64]) throws {
        guard let newest = transactions.max() else { return }
        let keys = PostgresStore.keyArray(transactions)
        try connections.transaction { session in
            try session.execute("DELETE FROM \(PostgresHistoryTables.quotedChanges) WHERE \"Z_TRANSACTION\" = ANY($1::bigint[])", [keys])
            try session.execute("DELETE FROM \(PostgresHistoryTables.quotedTransactions) WHERE \"Z_ID\" = ANY($1::bigint[])", [keys])
            try session.execute("INSERT INTO \(PostgresHistoryTables.quotedDeletions) (\"Z_THROUGH\") VALUES ($1)", [.bigint(newest)])
        }
    }

    /// The highest transaction number history was deleted through; nil when none was.
    private func deletedThrough(on session: PostgresSession) throws -> Int64? {
        guard case let .bigint(through)? = try session.query("SELECT max(\"Z_THROUGH\") FROM \(PostgresHistoryTables.quotedDeletions)").first?[0] else {
            return nil
        }
        return through
    }

    /// The preserved values of the rows `condition` selects (its binds `binds`), by key,
    /// as a delete's history detail: read just before the rows are deleted. Nil when the
    /// entity preserves nothing.
    func tombstones(of entity: Schema.Entity, where condition: String, _ binds: [PostgresValue],
                    on session: PostgresSession) throws -> [Int64: String]? {
        let preserved = entity.persistedProperties.compactMap(\.attribute).filter { $0.options.contains(.preserveValueOnDeletion) }
        guard !preserved.isEmpty else { return nil }
        let mapping = try mapping(for: entity.name)
        let columns = preserved.map { PostgresDialect.quote($0.name) }.joined(separator: ", ")
        var result: [Int64: String] = [:]
        let source = PostgresRowSource()
        for row in try session.rawRows("SELECT \"Z_PK\", \(columns) FROM \(PostgresDialect.quote(mapping.table.name)) WHERE \(condition)", binds) {
            source.load(row, key: 0)
            guard case let .integer(key) = source.storedValue(at: 0) else { continue }
            let values = preserved.enumerated().map { ($0.element.name, source.storedValue(at: Int32($0.offset + 1))) }
            result[key] = PostgresTombstone.encode(values)
        }
        return result
    }
}
#endif
