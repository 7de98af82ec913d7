extension W1Insert {
    /// One prepared INSERT, bound and stepped per row, inside one transaction.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawDatabase(run.storeURL)
        try PeopleSQL.createSchema(db)
        try run.measure {
            try db.transaction { try PeopleSQL.insert(fixture.people, into: db) }
        }
        return try PeopleSQL.fetchAll(db)
    }
}
