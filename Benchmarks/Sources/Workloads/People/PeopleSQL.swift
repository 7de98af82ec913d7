/// The Person table and the raw C API operations on it that several workloads share.
/// Read workloads also use `seed` to build the raw and GRDB stores outside the
/// measured region (same schema, so the same bytes on disk).
public enum PeopleSQL {
    public static let createTable = """
        CREATE TABLE Person (
            id BLOB NOT NULL PRIMARY KEY,
            firstName TEXT NOT NULL,
            lastName TEXT NOT NULL,
            age INTEGER NOT NULL
        )
        """

    /// W3's index: on the predicate's column only, as `#Index<Person>([\.firstName])`
    /// would declare it, so the sort by age still happens after the lookup.
    public static let createFirstNameIndex = "CREATE INDEX Person_firstName ON Person(firstName)"

    public static let columns = "id, firstName, lastName, age"

    public static func createSchema(_ db: RawDatabase, indexed: Bool = false) throws {
        try db.execute(createTable)
        if indexed { try db.execute(createFirstNameIndex) }
    }

    /// Inserts with one prepared statement; the caller owns the transaction.
    public static func insert(_ people: [Person], into db: RawDatabase) throws {
        let statement = try db.prepare("INSERT INTO Person (\(columns)) VALUES (?, ?, ?, ?)")
        for person in people {
            statement.bind(1, person.id)
            statement.bind(2, person.firstName)
            statement.bind(3, person.lastName)
            statement.bind(4, person.age)
            try statement.run()
        }
    }

    /// Reads rows of `SELECT id, firstName, lastName, age ...` into models.
    public static func fetch(_ statement: RawStatement) throws -> [Person] {
        var people: [Person] = []
        while try statement.step() {
            people.append(Person(
                id: statement.uuid(0),
                firstName: statement.text(1),
                lastName: statement.text(2),
                age: statement.int(3)
            ))
        }
        statement.reset()
        return people
    }

    public static func fetchAll(_ db: RawDatabase) throws -> [Person] {
        try fetch(db.prepare("SELECT \(columns) FROM Person"))
    }

    /// Creates a store at `url` holding `people` (setup for read workloads).
    public static func seed(_ url: URL, people: [Person], indexed: Bool = false) throws {
        let db = try RawDatabase(url)
        try createSchema(db, indexed: indexed)
        try db.transaction { try insert(people, into: db) }
    }
}

import Foundation
