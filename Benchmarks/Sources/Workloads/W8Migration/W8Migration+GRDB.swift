import GRDB

extension W8Migration {
    /// Opening the store and the same statements as a GRDB migration.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try seedVersion1Store(at: run.storeURL, fixture.people)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v2") { db in
            for sql in alterStatements { try db.execute(sql: sql) }
        }
        try run.measure { try migrator.migrate(try StoreSettings.openGRDB(run.storeURL)) }
        return try readBack(run.storeURL)
    }
}
