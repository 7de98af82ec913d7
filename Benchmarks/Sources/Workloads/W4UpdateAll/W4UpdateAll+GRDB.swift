import GRDB

extension W4UpdateAll {
    /// `record.updateChanges(db) { $0.age += 1 }` per record in one `write`: GRDB's
    /// change-tracking update, which writes only the changed column, as an object
    /// layer's save does.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try PeopleSQL.seed(run.storeURL, people: fixture.people)
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        var people = try dbQueue.read { db in try Person.fetchAll(db) }
        try run.measure {
            try dbQueue.write { db in
                for index in people.indices {
                    try people[index].updateChanges(db) { $0.age += 1 }
                }
            }
        }
        return try dbQueue.read { db in try Person.fetchAll(db) }
    }
}
