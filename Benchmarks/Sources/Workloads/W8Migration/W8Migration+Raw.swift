extension W8Migration {
    /// Opening the store and the two ALTER TABLE statements, by hand, in one transaction
    /// (OpenSwiftData's measured region opens the store too).
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try seedVersion1Store(at: run.storeURL, fixture.people)
        try run.measure {
            let db = try RawDatabase(run.storeURL)
            try db.transaction { for sql in alterStatements { try db.execute(sql) } }
        }
        return try readBack(run.storeURL)
    }
}
