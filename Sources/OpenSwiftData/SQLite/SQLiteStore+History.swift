import Foundation
import GRDB

// The store's history, as `HistoryRecorder` writes it in each save's transaction.
extension SQLiteStore {
    func historyTransactions(within bounds: HistoryBounds) throws -> [DefaultHistoryTransaction] {
        do {
            return try HistoryReader(store: self).transactions(within: bounds)
        } catch is RowDecodingError {
            // A history row without the value every row the engine writes has (NULL, or text for a number).
            throw OpenSwiftDataError.storeDamaged(path: configuration.url.path, reason: .corrupt)
        } catch {
            throw OpenSwiftDataError.wrap(error)
        }
    }

    func latestHistoryTransaction() throws -> Int64? {
        do {
            return try read { db in
                guard try HistoryTables.exist(in: db) else { return nil }
                return try Int64.fetchOne(db, sql: "SELECT max(\"Z_ID\") FROM \"\(HistoryTables.transactions)\"")
            }
        } catch {
            throw OpenSwiftDataError.wrap(error)
        }
    }

    func deleteHistory(_ transactions: [Int64]) throws {
        guard configuration.allowsSave else { throw OpenSwiftDataError.saveNotAllowed(configuration: configuration.name) }
        if isOnReadOnlyMedia { throw OpenSwiftDataError.storeOnReadOnlyMedia(path: configuration.url.path) }
        let list = JSONArgument.ids(transactions)
        do {
            // History is not a model: no live query needs waking.
            try write(touching: []) { db in
                try db.execute(sql: "DELETE FROM \"\(HistoryTables.changes)\" WHERE \"Z_TRANSACTION\" IN (SELECT value FROM json_each(?))", arguments: [list])
                try db.execute(sql: "DELETE FROM \"\(HistoryTables.transactions)\" WHERE \"Z_ID\" IN (SELECT value FROM json_each(?))", arguments: [list])
                if let newest = transactions.max() { try HistoryTables.recordDeletion(through: newest, in: db) }
            }
        } catch {
            throw OpenSwiftDataError.wrap(error)
        }
    }
}

extension HistoryBounds {
    /// The SQL condition on `column` and its arguments.
    func sql(column: String) -> (String, [DatabaseValue]) {
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        if let lower { conditions.append("\(column.quotedIdentifier) >= ?"); arguments.append(lower.databaseValue) }
        if let upper { conditions.append("\(column.quotedIdentifier) <= ?"); arguments.append(upper.databaseValue) }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments)
    }
}
