extension W11HistorySaves {
    /// One prepared INSERT; one transaction per batch.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawDatabase(run.storeURL)
        try PeopleSQL.createSchema(db)
        let batches = batches(fixture.people)
        try run.measure {
            for batch in batches {
                try db.transaction { try PeopleSQL.insert(Array(batch), into: db) }
            }
        }
        return try PeopleSQL.fetchAll(db)
    }
}
