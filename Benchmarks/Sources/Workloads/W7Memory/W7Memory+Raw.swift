extension W7Memory {
    /// All rows into an array of value-type models.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let db = try RawDatabase(run.storeURL)
        return try run.measure { try PeopleSQL.fetchAll(db) }
    }
}
