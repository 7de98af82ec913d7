import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres

/// The `Person` of W1, W4 and W7 as an OpenSwiftData model.
@Model
public final class PersonModel {
    @Attribute(.unique) public var id: UUID
    public var firstName: String
    public var lastName: String
    public var age: Int

    public init(_ person: Person) {
        self.id = person.id
        self.firstName = person.firstName
        self.lastName = person.lastName
        self.age = person.age
    }

    public var person: Person { Person(id: id, firstName: firstName, lastName: lastName, age: age) }
}

/// W3's models: the same attributes, without and with an index on `firstName`.
@Model
public final class UnindexedPersonModel {
    @Attribute(.unique) public var id: UUID
    public var firstName: String
    public var lastName: String
    public var age: Int

    public init(_ person: Person) {
        self.id = person.id
        self.firstName = person.firstName
        self.lastName = person.lastName
        self.age = person.age
    }

    public var person: Person { Person(id: id, firstName: firstName, lastName: lastName, age: age) }
}

@Model
public final class IndexedPersonModel {
    #Index<IndexedPersonModel>([\.firstName])
    @Attribute(.unique) public var id: UUID
    public var firstName: String
    public var lastName: String
    public var age: Int

    public init(_ person: Person) {
        self.id = person.id
        self.firstName = person.firstName
        self.lastName = person.lastName
        self.age = person.age
    }

    public var person: Person { Person(id: id, firstName: firstName, lastName: lastName, age: age) }
}

enum OpenSwiftDataStore {
    /// A container on `url`. History is off unless asked for: raw SQLite and GRDB
    /// record none, so W1-W10 compare the same work; W11 measures history's cost.
    static func container(_ types: any PersistentModel.Type..., at url: URL, recordsHistory: Bool = false) throws -> ModelContainer {
        try container(types, at: url, recordsHistory: recordsHistory)
    }

    /// The iteration's store: its SQLite file, or on the `PG …` benchmarks its
    /// PostgreSQL schema through `PostgresConfiguration`.
    static func container(_ types: any PersistentModel.Type..., for run: Iteration) throws -> ModelContainer {
        guard let postgres = run.postgres else { return try container(types, at: run.storeURL) }
        let configuration = PostgresConfiguration(location: postgres, schema: Schema(types))
        return try ModelContainer(for: Schema(types), configurations: [configuration])
    }

    static func container(_ types: [any PersistentModel.Type], at url: URL, recordsHistory: Bool = false) throws -> ModelContainer {
        var configuration = ModelConfiguration(url: url)
        configuration.recordsHistory = recordsHistory
        return try ModelContainer(for: Schema(types), configurations: [configuration])
    }
}
