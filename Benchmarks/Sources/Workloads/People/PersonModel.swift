import Foundation
import OpenSwiftData

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
    static func container(_ types: any PersistentModel.Type..., at url: URL) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(url: url)])
    }
}
