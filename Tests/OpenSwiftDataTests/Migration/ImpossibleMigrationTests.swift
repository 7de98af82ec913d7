import Foundation
import OpenSwiftData
import Testing

/// Migrations that cannot proceed: each throws an error naming the entity, the
/// attribute and the fix, leaves the store byte-for-byte as it was, and the store
/// still opens with the model code that wrote it.
@Suite struct ImpossibleMigrationTests {
    /// Opens a `CardsV1` store with `models`, expecting it to fail; checks the
    /// store is unchanged and still opens under V1 with its three cards.
    private func expectRefusal(_ models: [any PersistentModel.Type], seed: (ModelContext) throws -> Void = CardsV1.seed,
                               schema: Schema? = nil) throws -> OpenSwiftDataError? {
        let store = try MigrationTestStore()
        try store.with(CardsV1.models, seed)
        let before = try store.files()
        var refusal: OpenSwiftDataError?
        do {
            if let schema { try store.with(schema) { _ in } } else { try store.open(models) }
            Issue.record("the migration should have failed")
        } catch {
            #expect(error as? SwiftDataError == .loadIssueModelContainer)
            refusal = OpenSwiftDataError(explaining: error)
        }
        #expect(try store.files() == before)
        #expect(!store.hasBackup)
        try store.with(CardsV1.models) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) >= 3)
        }
        return refusal
    }

    @Test func newNonOptionalAttributeWithoutDefaultIsNamed() throws {
        let error = try expectRefusal(NewRequiredAttribute.models)
        #expect(error == .migrationMissingValues(entity: "Card", attribute: "rarity", rowCount: 3, wasOptional: false))
        let message = try #require(error?.description)
        #expect(message.contains("Card.rarity") && message.contains("134110") && message.contains("Fix: give rarity a default value"))
    }

    @Test func optionalAttributeBecomingRequiredWithNilsAndNoDefaultIsNamed() throws {
        let error = try expectRefusal(RequiredWithoutDefault.models)
        #expect(error == .migrationMissingValues(entity: "Card", attribute: "notes", rowCount: 1, wasOptional: true))
        #expect(error?.description.contains("1 existing Card row holds nil") == true)
    }

    @Test func uniqueConstraintTheRowsViolateIsNamed() throws {
        let error = try expectRefusal(AddUnique.models, seed: { context in
            try CardsV1.seed(context)
            context.insert(CardsV1.Card(name: "Pikachu", setName: "Promo", price: 5))
            try context.save()
        })
        #expect(error == .migrationUniqueViolation(entity: "Card", attributes: ["name"], duplicate: "2 rows have name = \"Pikachu\""))
        #expect(error?.description.contains("Fix: remove or merge the duplicates") == true)
    }

    @Test func typeChangeWithoutCustomStageIsNamed() throws {
        let error = try expectRefusal(PriceAsText.models)
        #expect(error == .migrationTypeChange(entity: "Card", property: "price", from: "Double", to: "String"))
        #expect(error?.description.contains("MigrationStage.custom") == true)
    }

    @Test func storeWrittenByANewerSchemaIsRefused() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV2Schema.self)) { context in
            context.insert(AddOptionalAttribute.Card(name: "Eevee"))
            try context.save()
        }
        let before = try store.files()
        #expect {
            try store.with(Schema(versionedSchema: CardsV1.self)) { _ in }
        } throws: { error in
            error as? SwiftDataError == .backwardMigration && OpenSwiftDataError(explaining: error)
                == .storeNewerThanSchema(storeVersion: "2.0.0", schemaVersion: "1.0.0", entity: "Card", property: "language")
        }
        #expect(throws: SwiftDataError.self) {
            try store.with(CardsV1.models, plan: CardsV1OnlyPlan.self) { _ in }
        }
        #expect(try store.files() == before)
        try store.with(Schema(versionedSchema: CardsV2Schema.self)) { (context) throws in
            #expect(try context.fetch(FetchDescriptor<AddOptionalAttribute.Card>()).map(\.name) == ["Eevee"])
        }
    }

    @Test func newerStoreWithTheSameLayoutOpensUnchanged() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV1Renumbered.self), CardsV1.seed)
        let before = try store.files()
        try store.with(Schema(versionedSchema: CardsV1.self)) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) == 3)
        }
        #expect(try store.files() == before)
        #expect(try store.recordedVersion() == "1.1.0")
    }
}

/// `CardsV1` plus an optional attribute, as version 2.0.0.
enum CardsV2Schema: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { AddOptionalAttribute.models }
}

/// The same models as `CardsV1`, numbered 1.1.0.
enum CardsV1Renumbered: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 1, 0)
    static var models: [any PersistentModel.Type] { CardsV1.models }
}

enum CardsV1OnlyPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self] }
    static var stages: [MigrationStage] { [] }
}

/// `CardsV1`'s models, recorded as a new major version.
enum CardsV1NextMajor: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { CardsV1.models }
}

@Suite struct NewerMajorVersionTests {
    @Test("a store written by a newer major version of the same layout is refused for writing, and left unchanged")
    func newerMajorVersionIsNotWritten() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV1NextMajor.self), CardsV1.seed)
        let before = try store.files()
        #expect {
            try store.with(Schema(versionedSchema: CardsV1.self)) { _ in }
        } throws: { error in
            error as? SwiftDataError == .backwardMigration && OpenSwiftDataError(explaining: error)
                == .storeFromNewerVersion(path: store.url.path, storeVersion: "2.0.0", schemaVersion: "1.0.0")
        }
        #expect(try store.files() == before)
    }

    @Test("a store written by a newer major version opens read-only when saving is not allowed")
    func newerMajorVersionOpensReadOnly() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV1NextMajor.self), CardsV1.seed)
        let container = try ModelContainer(for: Schema(versionedSchema: CardsV1.self),
                                           configurations: ModelConfiguration(url: store.url, allowsSave: false))
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<CardsV1.Card>()) == 3)
    }
}
