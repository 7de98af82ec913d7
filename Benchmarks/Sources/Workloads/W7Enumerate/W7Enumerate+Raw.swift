extension W7Enumerate {
    /// Steps one prepared SELECT, building each row's value and dropping it.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try PeopleSQL.seed(run.storeURL, people: fixture.people) }
        let db = try RawDatabase(run.storeURL)
        return try run.measure {
            let statement = try db.prepare("SELECT \(PeopleSQL.columns) FROM Person")
            var digest = Digest()
            while try statement.step() {
                let person = Person(id: statement.uuid(0), firstName: statement.text(1),
                                    lastName: statement.text(2), age: statement.int(3))
                digest.add(person.rowHash)
            }
            return digest
        }
    }
}
