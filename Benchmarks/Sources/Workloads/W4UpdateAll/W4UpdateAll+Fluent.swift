import FluentSQLiteDriver

extension W4UpdateAll {
    /// `age += 1` on every fetched model, then `save(on:)` per model in one
    /// transaction: Fluent tracks changed fields, so each save is an UPDATE of `age`.
    @Sendable static func fluent(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let store = try FluentStore.seedPeople(run, fixture.people)
        let models = try store.run { database in try await FluentPerson.query(on: database).all() }
        try run.measure {
            for model in models { model.age += 1 }
            try store.run { database in
                try await database.transaction { transaction in
                    for model in models { try await model.save(on: transaction) }
                }
            }
        }
        return try store.run { database in try await FluentPerson.query(on: database).all() }.map { try $0.person }
    }
}
