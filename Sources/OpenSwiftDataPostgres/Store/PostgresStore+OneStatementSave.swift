#if PostgreSQL
import Foundation
import OpenSwiftData

extension PostgresStore {
    /// Saves a change set that is one new model and nothing that names it as one
    /// statement: its row and, when history is recorded, the history of it, which
    /// PostgreSQL runs as a transaction of its own. A server's usual write is then one
    /// round trip, as an autocommitted `INSERT` is, where `BEGIN`, the row, the history
    /// and `COMMIT` were four. Nil when the save is not of that form, or runs inside a
    /// transaction this thread holds or a migration's: ``save(_:)`` writes it.
    func saveAsOneStatement(_ changes: StoreChangeSet) throws -> StoreSaveResult? {
        guard PostgresSaveWriter.insertTakesItsKeyAsItIsWritten(changes), changes.deleted.isEmpty, changes.storeCascades.isEmpty,
              connections.heldTransaction == nil, let pool = connections.pool, let model = changes.inserted.first,
              let insert = try PostgresSaveWriter.rowInsert(of: model, store: self) else { return nil }
        let entityName = type(of: model)._$entityName
        let statement = configuration.recordsHistory
            ? PostgresHistoryRecorder.recordingInsert(insert, entity: entityName, author: changes.author) : insert
        let rows = try PostgresSaveWriter.drawingKeys(of: entityName, in: self) {
            try Self.retryingLostRaces { try pool.withSession { try $0.query(statement.sql, statement.binds) } }
        }
        let key = try PostgresSaveWriter.insertedKey(rows, try mapping(for: entityName))
        self.changes.didCommit(touching: changes.touchedEntities)
        var result = StoreSaveResult(insertedKeys: [key], deletedByCascade: [])
        if configuration.recordsHistory, let row = rows.first, row.values.count > 1, case let .bigint(number) = row[1] {
            result.historyTokens = [DefaultHistoryToken(storeIdentifier: identifier, transaction: number)]
        }
        return result
    }

    /// `body` run again, after a short random pause, when it loses a deadlock (the
    /// history's lock against a row another transaction holds), up to five times in all,
    /// as a save's transaction is.
    private static func retryingLostRaces<Result>(_ body: () throws -> Result) throws -> Result {
        let attempts = 5
        for attempt in 1..<attempts {
            do {
                return try body()
            } catch let error as PostgresStoreError where error.isRetryable {
                Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.01) * Double(attempt))
            }
        }
        return try body()
    }
}
#endif
