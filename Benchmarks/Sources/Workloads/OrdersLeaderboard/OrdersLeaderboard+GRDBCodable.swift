import GRDB

extension OrdersLeaderboard {
    /// `CodableOrderRow.fetchAll(db)` in a read: GRDB decoding through `Decodable`.
    @Sendable static func grdbCodable(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        let records = try run.measure {
            try dbQueue.read { db in try CodableOrderRow.fetchAll(db) }
        }
        return records.map(\.row)
    }
}
