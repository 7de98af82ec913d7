import FluentSQLiteDriver

extension W2FetchItems {
    /// `query(on:).all()` of every model.
    @Sendable static func fluent(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once {
            let store = try FluentStore(run)
            try store.migrate([CreateFluentItem()])
            try store.run { database in
                try await database.transaction { transaction in
                    try await (0..<fixture.rowCount).map(FluentItem.init).createInChunks(on: transaction)
                }
            }
        }
        let store = try FluentStore(run)
        let models = try run.measure { try store.run { database in try await FluentItem.query(on: database).all() } }
        return models.map(\.item)
    }
}
