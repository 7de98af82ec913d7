import GRDB

extension W3PredicateFetch {
    /// GRDB's query interface: `filter(...).order(...).fetchAll(db)`.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        return try run.measure {
            try dbQueue.read { db in
                try Person
                    .filter(Column("firstName") == fixture.firstName)
                    .order(Column("age"))
                    .fetchAll(db)
            }
        }
    }
}
