import GRDB

extension W9Import {
    /// Parse, then `record.insert(db)` per card in one `write`.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        try dbQueue.write { db in for sql in CardShowSQL.schema { try db.execute(sql: sql) } }
        try run.measure {
            let cards = try CardCSV.parse(fixture.csv)
            try dbQueue.write { db in for card in cards { try card.insert(db) } }
        }
        return try dbQueue.read { db in try InventoryCard.fetchAll(db) }
    }
}
