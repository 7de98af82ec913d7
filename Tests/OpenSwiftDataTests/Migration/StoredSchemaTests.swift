import Foundation
import GRDB
@testable import OpenSwiftData
import Testing

/// What a store records about the schema it was written with, and how a store that
/// recorded nothing is read.
@Suite struct StoredSchemaTests {
    @Test func entityOfAModelNestedInAVersionIsNamedAfterTheUnqualifiedType() {
        #expect(Schema(versionedSchema: CardShowV1.self).entities.map(\.name) == ["InventoryCard", "SalesHistory", "CachedPrice"])
        #expect(Schema(versionedSchema: CardShowV4.self).entity(for: CardShowV4.InventoryCard.self)?.name == "InventoryCard")
    }

    @Test func storeRecordsItsSchemaAndVersion() throws {
        let store = try MigrationTestStore()
        try store.open([CardShowV2.InventoryCard.self])
        #expect(try store.recordedVersion() == "1.0.0")
        let other = try MigrationTestStore()
        try other.with(Schema(versionedSchema: CardShowV2.self)) { _ in }
        #expect(try other.recordedVersion() == "2.0.0")
        let recorded = try other.inspect { db in try StoreMetadata.read(db).schema }
        let schema = try #require(recorded)
        #expect(schema.entities.map(\.name) == ["CachedPrice", "Event", "InventoryCard", "SalesHistory", "TradeHistory"])
        let card = try #require(schema.entity(named: "InventoryCard"))
        #expect(card.attribute(named: "tags") == StoredAttribute(name: "tags", columnType: "TEXT", valueType: "Array<String>", encoding: "json", isOptional: false))
        #expect(card.attribute(named: "condition")?.encoding == "rawValue")
        #expect(card.attribute(named: "purchaseCost")?.isOptional == true)
        #expect(card.uniquenessConstraints == [["id"]])
        #expect(card.relationship(named: "sales")?.storage == .inverseForeignKey)
        #expect(card.relationship(named: "trades")?.storage == .joinTable(name: "Z_InventoryCard_trades", isOwner: true))
        #expect(schema.entity(named: "SalesHistory")?.relationship(named: "card")?.storage == .foreignKey(ordered: true))
    }

    @Test func modelsGivenInAnotherOrderOpenTheStoreWithoutWriting() throws {
        let store = try MigrationTestStore()
        try store.with([CardsV1.Tag.self, CardsV1.Card.self], CardsV1.seed)
        let before = try store.files()
        try store.open([CardsV1.Card.self, CardsV1.Sale.self, CardsV1.Tag.self])
        #expect(try store.files() == before)
    }

    @Test func storeThatRecordedNoSchemaIsReadFromItsTablesAndMigrated() throws {
        let store = try MigrationTestStore()
        try store.with(CardsV1.models, CardsV1.seed)
        // What the first stores recorded: a version and the entity names only.
        let queue = try DatabaseQueue(path: store.url.path)
        try queue.write { db in try db.execute(sql: "DELETE FROM Z_METADATA WHERE key = 'schema'") }
        try queue.close()

        try store.with(AddOptionalAttribute.models) { (context) throws in
            let cards = try context.fetch(FetchDescriptor<AddOptionalAttribute.Card>(sortBy: [SortDescriptor(\.name)]))
            #expect(cards.map(\.name) == ["Charizard", "Mewtwo", "Pikachu"])
            #expect(cards.map(\.notes) == ["holo", "psa 9", nil])
            #expect(cards[0].sales.count == 2)
        }
        let recorded = try store.inspect { db in try StoreMetadata.read(db).schema }
        #expect(recorded == (try StoredSchema(Schema(AddOptionalAttribute.models))))
    }

    @Test func schemaHoldingTwoVersionsOfAModelIsRefused() throws {
        let store = try MigrationTestStore()
        #expect {
            try store.open([CardsV1.Card.self, AddOptionalAttribute.Card.self])
        } throws: { error in
            let message = OpenSwiftDataError(explaining: error)?.description ?? ""
            return message.contains("two models named Card") && message.contains("CardsV1.Card") && message.contains("AddOptionalAttribute.Card")
        }
    }

    @Test func readOnlyStoreThatNeedsAMigrationIsRefusedUnchanged() throws {
        let store = try MigrationTestStore()
        try store.with(CardsV1.models, CardsV1.seed)
        let before = try store.files()
        #expect {
            _ = try ModelContainer(for: Schema(AddOptionalAttribute.models),
                                   configurations: [ModelConfiguration(url: store.url, allowsSave: false)])
        } throws: { error in
            OpenSwiftDataError(explaining: error)?.description.contains("allowsSave: false") == true
        }
        // A read-only connection cannot remove the (empty) log SQLite opens beside a
        // WAL store; the store itself is untouched.
        let after = try store.files()
        #expect(after.store == before.store)
        #expect((after.wal ?? Data()).isEmpty)
        let container = try ModelContainer(for: Schema(CardsV1.models), configurations: [ModelConfiguration(url: store.url, allowsSave: false)])
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<CardsV1.Card>()) == 3)
    }

    @Test func customStageTypeChangeWithoutDefaultIsNamed() throws {
        let store = try MigrationTestStore()
        try store.with(CardsV1.models, CardsV1.seed)
        let before = try store.files()
        #expect {
            try store.with(Schema(versionedSchema: RequiredPriceAsTextSchema.self), plan: RequiredPriceAsTextPlan.self) { _ in }
        } throws: { error in
            let message = OpenSwiftDataError(explaining: error)?.description ?? ""
            return message.contains("Card.price: its type changes from Double to String in a custom stage") && message.contains("Fix: give price a default value")
        }
        #expect(try store.files() == before)
    }
}

enum RequiredPriceAsText {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: String
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = "" }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum RequiredPriceAsTextSchema: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { RequiredPriceAsText.models }
}

enum RequiredPriceAsTextPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self, RequiredPriceAsTextSchema.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: CardsV1.self, toVersion: RequiredPriceAsTextSchema.self, willMigrate: nil, didMigrate: nil)]
    }
}
