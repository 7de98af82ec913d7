extension W3PredicateFetch {
    /// One SELECT with the name bound; the server filters and sorts.
    @Sendable static func postgresNIO(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawPostgres(run)
        try run.once { try PeoplePostgres.seed(db, fixture.people, indexed: fixture.indexed) }
        let name = fixture.firstName
        return try run.measure {
            try db.run { connection in
                try await PeoplePostgres.people(connection.query(
                    "SELECT id, firstname, lastname, age FROM person WHERE firstname = \(name) ORDER BY age", logger: RawPostgres.logger))
            }
        }
    }
}
