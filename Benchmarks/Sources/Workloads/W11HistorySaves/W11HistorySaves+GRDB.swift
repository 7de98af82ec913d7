import GRDB

extension W11HistorySaves {
    /// `record.insert(db)` per model; one `write` per batch.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        try dbQueue.write { db in try db.execute(sql: PeopleSQL.createTable) }
        let batches = batches(fixture.people)
        try run.measure {
            for batch in batches {
                try dbQueue.write { db in
                    for values in batch {
                        let person = Person(id: values.id, firstName: values.firstName, lastName: values.lastName, age: values.age)
                        try person.insert(db)
                    }
                }
            }
        }
        return try dbQueue.read { db in try Person.fetchAll(db) }
    }
}
