import FluentSQLiteDriver
import Foundation

/// The `Person` of W1, W3 and W4 as a Fluent model. Fluent's SQLite driver stores the
/// UUID id as its 36-character text, not as the other engines' 16-byte BLOB.
final class FluentPerson: Model, @unchecked Sendable {
    static let schema = "Person"

    @ID(key: .id) var id: UUID?
    @Field(key: "firstName") var firstName: String
    @Field(key: "lastName") var lastName: String
    @Field(key: "age") var age: Int

    init() {}

    init(_ person: Person) {
        id = person.id
        firstName = person.firstName
        lastName = person.lastName
        age = person.age
    }

    var person: Person {
        get throws {
            guard let id else { throw WorkloadError("Fluent: a Person without id") }
            return Person(id: id, firstName: firstName, lastName: lastName, age: age)
        }
    }
}

/// Creates the Person table; with `indexed`, W3's index on firstName, through SQLKit
/// since Fluent's schema builder has no indexes.
struct CreateFluentPerson: AsyncMigration {
    var indexed = false

    var name: String { indexed ? "CreatePerson+firstNameIndex" : "CreatePerson" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FluentPerson.schema)
            .id()
            .field("firstName", .string, .required)
            .field("lastName", .string, .required)
            .field("age", .int, .required)
            .create()
        if indexed {
            guard let sql = database as? any SQLDatabase else { throw WorkloadError("Fluent: the SQLite driver is not an SQLDatabase") }
            try await sql.create(index: "Person_firstName").on(FluentPerson.schema).column("firstName").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentPerson.schema).delete()
    }
}

extension FluentStore {
    /// A store holding `people` in a Fluent-made Person table (setup, unmeasured).
    static func seedPeople(_ run: Iteration, _ people: [Person], indexed: Bool = false) throws -> FluentStore {
        let store = try FluentStore(run)
        try store.migrate([CreateFluentPerson(indexed: indexed)])
        try store.run { database in
            try await database.transaction { transaction in
                try await people.map(FluentPerson.init).createInChunks(on: transaction)
            }
        }
        return store
    }
}
