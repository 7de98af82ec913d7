import FluentSQLiteDriver

extension W1Insert {
    /// `create(on:)` per model inside one transaction.
    @Sendable static func fluent(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let store = try FluentStore(run)
        try store.migrate([CreateFluentPerson()])
        try run.measure {
            try store.run { database in
                try await database.transaction { transaction in
                    for person in fixture.people { try await FluentPerson(person).create(on: transaction) }
                }
            }
        }
        return try store.run { database in try await FluentPerson.query(on: database).all() }.map { try $0.person }
    }
}
