extension W1Insert {
    /// One INSERT over `unnest` of the bound columns, in one transaction.
    @Sendable static func postgresNIO(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawPostgres(run)
        try PeoplePostgres.createSchema(db)
        let people = fixture.people
        try run.measure {
            try db.run { connection in
                try await connection.transaction { try await PeoplePostgres.insert(people, on: connection) }
            }
        }
        return try PeoplePostgres.fetchAll(db)
    }
}
