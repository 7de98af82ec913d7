import OpenSwiftData

extension W8Migration {
    /// Opening the store with the version 2 schema and the plan migrates it.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try seedVersion1Store(at: run.storeURL, fixture.people)
        let container = try run.measure {
            try ModelContainer(for: Schema(versionedSchema: ContactSchemaV2.self), migrationPlan: ContactMigrationPlan.self,
                               configurations: [ModelConfiguration(url: run.storeURL)])
        }
        _ = container
        return try readBack(run.storeURL)
    }
}
