import FluentSQLiteDriver

extension W9Import {
    /// Parse, then `create(on:)` per card in one transaction.
    @Sendable static func fluent(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let store = try FluentStore(run.storeURL)
        try store.migrate([CreateFluentCardShow()])
        try run.measure {
            let cards = try CardCSV.parse(fixture.csv)
            try store.run { database in
                try await database.transaction { transaction in
                    for card in cards { try await FluentInventoryCard(card).create(on: transaction) }
                }
            }
        }
        return try store.run { database in try await FluentInventoryCard.query(on: database).all() }.map { try $0.value }
    }
}
