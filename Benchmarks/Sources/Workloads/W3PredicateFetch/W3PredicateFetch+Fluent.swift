import FluentSQLiteDriver

extension W3PredicateFetch {
    /// `query(on:).filter(\.$firstName == name).sort(\.$age).all()`.
    @Sendable static func fluent(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { _ = try FluentStore.seedPeople(run, fixture.people, indexed: fixture.indexed) }
        let store = try FluentStore(run)
        let name = fixture.firstName
        let models = try run.measure {
            try store.run { database in
                try await FluentPerson.query(on: database).filter(\.$firstName == name).sort(\.$age).all()
            }
        }
        return try models.map { try $0.person }
    }
}
