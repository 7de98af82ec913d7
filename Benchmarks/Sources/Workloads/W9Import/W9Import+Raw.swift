extension W9Import {
    /// Parse, then the prepared INSERT per card, in one transaction.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawDatabase(run.storeURL)
        try CardShowSQL.createSchema(db)
        try run.measure {
            let cards = try CardCSV.parse(fixture.csv)
            try db.transaction { try CardShowSQL.insertCards(cards, into: db) }
        }
        return try CardShowSQL.fetchCards(db.prepare("SELECT \(CardShowSQL.cardColumns) FROM InventoryCard"))
    }
}
