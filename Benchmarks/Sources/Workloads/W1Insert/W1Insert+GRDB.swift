import GRDB

extension W1Insert {
    /// `record.insert(db)` per model inside one `write` (one transaction).
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        try dbQueue.write { db in try db.execute(sql: PeopleSQL.createTable) }
        try run.measure {
            try dbQueue.write { db in
                for values in fixture.people {
                    let person = Person(id: values.id, firstName: values.firstName, lastName: values.lastName, age: values.age)
                    try person.insert(db)
                }
            }
        }
        return try dbQueue.read { db in try Person.fetchAll(db) }
    }
}
