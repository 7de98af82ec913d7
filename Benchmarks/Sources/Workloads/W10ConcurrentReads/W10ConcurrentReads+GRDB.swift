import GRDB

extension W10ConcurrentReads {
    /// A `DatabasePool`: reads on its readers, saves on its writer.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try PeopleSQL.seed(run.storeURL, people: fixture.people, indexed: true) }
        let pool = try DatabasePool(path: run.storeURL.path, configuration: StoreSettings.grdbConfiguration)
        return try run.measure {
            try runConcurrently(
                read: { _ in
                    try pool.read { db in
                        try Person.filter(Column("firstName") == name).order(Column("age")).fetchAll(db).map(\.age)
                    }
                },
                write: { index in
                    try pool.write { db in try written(index).insert(db) }
                })
        }
    }
}
