import Foundation
import OpenSwiftData

/// W8's two versions of one model.
public enum ContactSchemaV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    public static var models: [any PersistentModel.Type] { [Contact.self] }

    @Model
    public final class Contact {
        @Attribute(.unique) public var id: UUID
        public var firstName: String
        public var lastName: String
        public var age: Int

        public init(_ person: Person) {
            id = person.id
            firstName = person.firstName
            lastName = person.lastName
            age = person.age
        }
    }
}

public enum ContactSchemaV2: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    public static var models: [any PersistentModel.Type] { [Contact.self] }

    @Model
    public final class Contact {
        @Attribute(.unique) public var id: UUID
        public var firstName: String
        @Attribute(originalName: "lastName") public var familyName: String
        public var nickname: String?
        public var age: Int

        public init(id: UUID, firstName: String, familyName: String, age: Int) {
            self.id = id
            self.firstName = firstName
            self.familyName = familyName
            self.age = age
        }
    }
}

public enum ContactMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [ContactSchemaV1.self, ContactSchemaV2.self] }
    public static var stages: [MigrationStage] {
        [.lightweight(fromVersion: ContactSchemaV1.self, toVersion: ContactSchemaV2.self)]
    }
}

extension W8Migration {
    /// The version 1 store every engine starts from, written by OpenSwiftData.
    static func seedVersion1Store(at url: URL, _ people: [Person]) throws {
        let container = try ModelContainer(for: Schema(versionedSchema: ContactSchemaV1.self),
                                           configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        for person in people { context.insert(ContactSchemaV1.Contact(person)) }
        try context.save()
    }

    /// The migrated rows, read with SQL so that every engine is checked the same way.
    static func readBack(_ url: URL) throws -> Output {
        let db = try RawDatabase(url)
        let statement = try db.prepare(#"SELECT "id", "familyName", "nickname" FROM "Contact""#)
        var contacts: [Contact] = []
        while try statement.step() {
            contacts.append(Contact(id: statement.uuid(0), familyName: statement.text(1), nickname: statement.optionalText(2)))
        }
        statement.reset()
        return contacts
    }
}
