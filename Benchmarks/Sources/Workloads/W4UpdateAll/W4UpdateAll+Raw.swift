extension W4UpdateAll {
    /// Change each in-memory model, then one prepared `UPDATE ... WHERE id = ?` per
    /// model in one transaction: what an object layer's save has to issue. (A single
    /// `UPDATE Person SET age = age + 1` would be faster, but is not the same work.)
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try PeopleSQL.seed(run.storeURL, people: fixture.people)
        let db = try RawDatabase(run.storeURL)
        var people = try PeopleSQL.fetchAll(db)
        try run.measure {
            for index in people.indices { people[index].age += 1 }
            try db.transaction {
                let update = try db.prepare("UPDATE Person SET age = ? WHERE id = ?")
                for person in people {
                    update.bind(1, person.age)
                    update.bind(2, person.id)
                    try update.run()
                }
            }
        }
        return try PeopleSQL.fetchAll(db)
    }
}
