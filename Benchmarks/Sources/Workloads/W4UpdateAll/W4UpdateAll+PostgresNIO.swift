extension W4UpdateAll {
    /// Change each in-memory model, then one UPDATE joined to `unnest` of the bound ids
    /// and new ages: every row gets its own model's value, in one statement, as a careful
    /// PostgresNIO user writes a bulk update (not `SET age = age + 1`, which is not the
    /// same work).
    @Sendable static func postgresNIO(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawPostgres(run)
        try PeoplePostgres.seed(db, fixture.people)
        var people = try PeoplePostgres.fetchAll(db)
        try run.measure {
            for index in people.indices { people[index].age += 1 }
            let ids = people.map(\.id), ages = people.map(\.age)
            try db.run { connection in
                try await connection.transaction {
                    _ = try await connection.query("""
                        UPDATE person SET age = v.age FROM unnest(\(ids)::uuid[], \(ages)::bigint[]) AS v(id, age)
                        WHERE person.id = v.id
                        """, logger: RawPostgres.logger)
                }
            }
        }
        return try PeoplePostgres.fetchAll(db)
    }
}
