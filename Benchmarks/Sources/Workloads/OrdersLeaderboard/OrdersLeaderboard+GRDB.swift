import GRDB

extension OrdersLeaderboard {
    /// `OrderRow.fetchAll(db)` in a read: the hand-written record (`init(row:)` by index).
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        return try run.measure {
            try dbQueue.read { db in try OrderRow.fetchAll(db) }
        }
    }
}
