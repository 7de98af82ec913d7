extension W3PredicateFetch {
    /// One prepared SELECT with the name bound; SQLite filters and sorts.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let db = try RawDatabase(run.storeURL)
        return try run.measure {
            let statement = try db.prepare("SELECT \(PeopleSQL.columns) FROM Person WHERE firstName = ? ORDER BY age")
            statement.bind(1, fixture.firstName)
            return try PeopleSQL.fetch(statement)
        }
    }
}
