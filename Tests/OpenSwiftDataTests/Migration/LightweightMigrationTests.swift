import Foundation
import OpenSwiftData
import Testing

/// Each lightweight change, applied automatically when a store written by the
/// older model code (`CardsV1`) opens with the newer code, with every row checked.
@Suite struct LightweightMigrationTests {
    /// A store written by `CardsV1` with its seed rows.
    private func v1Store() throws -> MigrationTestStore {
        let store = try MigrationTestStore()
        try store.with(CardsV1.models) { try CardsV1.seed($0) }
        return store
    }

    private func byName<T>(_ models: [T], _ name: (T) -> String) -> [String: T] {
        Dictionary(uniqueKeysWithValues: models.map { (name($0), $0) })
    }

    @Test func newEntityGetsATableAndExistingRowsStay() throws {
        let store = try v1Store()
        try store.with(AddEntity.models) { (context) throws in
            let cards = try context.fetch(FetchDescriptor<CardsV1.Card>(sortBy: [SortDescriptor(\.name)]))
            #expect(cards.map(\.name) == ["Charizard", "Mewtwo", "Pikachu"])
            #expect(cards[0].sales.map(\.amount).sorted() == [300, 320])
            #expect(try context.fetchCount(FetchDescriptor<AddEntity.Binder>()) == 0)
            context.insert(AddEntity.Binder(title: "Base set"))
            try context.save()
        }
        try store.with(AddEntity.models) { (context) throws in
            #expect(try context.fetch(FetchDescriptor<AddEntity.Binder>()).map(\.title) == ["Base set"])
        }
    }

    @Test func newOptionalAttributeIsNilInExistingRows() throws {
        let store = try v1Store()
        try store.with(AddOptionalAttribute.models) { (context) throws in
            let cards = byName(try context.fetch(FetchDescriptor<AddOptionalAttribute.Card>()), \.name)
            #expect(cards.count == 3)
            #expect(cards.values.allSatisfy { $0.language == nil })
            #expect(cards["Charizard"]?.setName == "Base")
            #expect(cards["Charizard"]?.price == 350.5)
            #expect(cards["Charizard"]?.notes == "holo")
            #expect(cards["Pikachu"]?.notes == nil)
            #expect(cards["Charizard"]?.sales.count == 2)
        }
    }

    @Test func newAttributesWithDefaultsTakeThePropertyInitialValue() throws {
        let store = try v1Store()
        try store.with(AddDefaultedAttributes.models) { (context) throws in
            let cards = try context.fetch(FetchDescriptor<AddDefaultedAttributes.Card>())
            #expect(cards.count == 3)
            for card in cards {
                #expect(card.quantity == 1)
                #expect(card.labels == ["new"])
                #expect(card.condition == .nearMint)
                #expect(card.addedOn == Date(timeIntervalSinceReferenceDate: 1000))
                #expect(card.isFoil == false)
                #expect(card.rating == -1.5)
            }
            #expect(Set(cards.map(\.name)) == ["Charizard", "Pikachu", "Mewtwo"])
            #expect(cards.first { $0.name == "Mewtwo" }?.price == 80)
        }
    }

    /// As on the PostgreSQL store: the values stay in their column, unread.
    @Test func removedAttributeKeepsItsColumnUnreadAndTheRestStays() throws {
        let store = try v1Store()
        let before = try store.columns(of: "Card")
        try store.open(RemoveAttribute.models)
        #expect(try store.columns(of: "Card") == before)
        try store.with(RemoveAttribute.models) { (context) throws in
            let cards = byName(try context.fetch(FetchDescriptor<RemoveAttribute.Card>()), \.name)
            #expect(cards["Charizard"]?.setName == "Base")
            #expect(cards["Pikachu"]?.price == 12.25)
            #expect(cards["Charizard"]?.sales.map(\.amount).sorted() == [300, 320])
        }
    }

    @Test func removedEntityLosesItsTable() throws {
        let store = try v1Store()
        try store.open(RemoveEntity.models)
        #expect(try !store.tables().contains("Tag"))
        try store.with(RemoveEntity.models) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) == 3)
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Sale>()) == 2)
        }
    }

    @Test func attributeRenamedThroughOriginalNameKeepsItsValues() throws {
        let store = try v1Store()
        try store.with(RenameAttribute.models) { (context) throws in
            let cards = byName(try context.fetch(FetchDescriptor<RenameAttribute.Card>()), \.name)
            #expect(cards["Charizard"]?.series == "Base")
            #expect(cards["Pikachu"]?.series == "Jungle")
            #expect(cards["Mewtwo"]?.series == "Base")
            #expect(cards["Mewtwo"]?.notes == "psa 9")
        }
        #expect(try !store.columns(of: "Card").contains("setName"))
    }

    @Test func relationshipRenamedThroughOriginalNameKeepsItsLinks() throws {
        let store = try v1Store()
        try store.with(RenameRelationship.models) { (context) throws in
            let cards = byName(try context.fetch(FetchDescriptor<RenameRelationship.Card>()), \.name)
            #expect(cards["Charizard"]?.sold.map(\.amount) == [300, 320])
            #expect(cards["Pikachu"]?.sold.isEmpty == true)
            let sales = try context.fetch(FetchDescriptor<RenameRelationship.Sale>())
            #expect(sales.allSatisfy { $0.item?.name == "Charizard" })
        }
        let columns = try store.columns(of: "Sale")
        #expect(columns.contains("item") && columns.contains("Z_item_ORDER") && !columns.contains("card"))
    }

    @Test func optionalAttributeBecomingRequiredTakesItsDefaultWhereNil() throws {
        let store = try v1Store()
        try store.with(OptionalToRequired.models) { (context) throws in
            let cards = byName(try context.fetch(FetchDescriptor<OptionalToRequired.Card>()), \.name)
            #expect(cards["Charizard"]?.notes == "holo")
            #expect(cards["Pikachu"]?.notes == "none")
            #expect(cards["Mewtwo"]?.notes == "psa 9")
        }
    }

    @Test func newUniqueConstraintGetsAUniqueIndexThatUpserts() throws {
        let store = try v1Store()
        try store.with(AddUnique.models) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<AddUnique.Card>()) == 3)
            context.insert(AddUnique.Card(name: "Pikachu", setName: "Promo", price: 20))
            try context.save()
        }
        #expect(try store.indexes(of: "Card").contains("Card_unique_name"))
        try store.with(AddUnique.models) { (context) throws in
            let cards = try context.fetch(FetchDescriptor<AddUnique.Card>())
            #expect(cards.count == 3)
            #expect(cards.first { $0.name == "Pikachu" }?.setName == "Promo")
        }
    }

    @Test func droppedUniqueConstraintLosesItsIndex() throws {
        let store = try MigrationTestStore()
        try store.with(AddUnique.models) { (context) throws in
            context.insert(AddUnique.Card(name: "Pikachu"))
            try context.save()
        }
        try store.with(CardsV1.models) { (context) throws in
            context.insert(CardsV1.Card(name: "Pikachu", setName: "Promo", price: 1))
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) == 2)
        }
        #expect(try !store.indexes(of: "Card").contains("Card_unique_name"))
    }

    @Test func newIndexesAreCreatedAndDroppedOnesRemoved() throws {
        let store = try v1Store()
        try store.open(AddIndex.models)
        #expect(try store.indexes(of: "Card").isSuperset(of: ["Card_index_name", "Card_index_setName_price"]))
        try store.open(CardsV1.models)
        #expect(try store.indexes(of: "Card").isDisjoint(with: ["Card_index_name", "Card_index_setName_price"]))
        try store.with(CardsV1.models) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) == 3)
        }
    }

    @Test func anIndexOnACodableFieldIsCreatedByAMigrationAndDroppedWithItsDeclaration() throws {
        let store = try MigrationTestStore()
        try store.with(FieldIndex.Unindexed.models) { (context) throws in
            context.insert(FieldIndex.Unindexed.Card(name: "Pikachu", city: "Lisbon"))
            try context.save()
        }
        let fieldIndexes = {
            try store.inspect { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '%json_extract(%'")
            }
        }
        try store.open(FieldIndex.Indexed.models)
        #expect(try fieldIndexes() == ["Card_index_place.city"])
        try store.open(FieldIndex.Indexed.models)
        #expect(try fieldIndexes() == ["Card_index_place.city"])
        try store.with(FieldIndex.Unindexed.models) { (context) throws in
            #expect(try context.fetch(FetchDescriptor<FieldIndex.Unindexed.Card>()).map(\.place.city) == ["Lisbon"])
        }
        #expect(try fieldIndexes().isEmpty)
    }

    @Test func renamingAnIndexedAttributeKeepsItsIndex() throws {
        let store = try MigrationTestStore()
        try store.with(AddIndex.models) { (context) throws in
            context.insert(AddIndex.Card(name: "Pikachu"))
            try context.save()
        }
        let before = try store.inspect { db in
            try String.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'Card_index_name'")
        }
        try store.with(RenameIndexedAttribute.models) { (context) throws in
            #expect(try context.fetch(FetchDescriptor<RenameIndexedAttribute.Card>()).map(\.title) == ["Pikachu"])
        }
        // The same b-tree, now on the renamed column, under its old name.
        let after = try store.inspect { db in
            try String.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE sql LIKE '%\"title\"%' AND type = 'index'")
        }
        #expect(before != nil && before == after)
    }

    @Test func newRelationshipsAreUsable() throws {
        let store = try v1Store()
        try store.with(AddRelationships.models) { (context) throws in
            let cards = byName(try context.fetch(FetchDescriptor<AddRelationships.Card>()), \.name)
            #expect(cards["Charizard"]?.binder == nil)
            #expect(cards["Charizard"]?.tags.isEmpty == true)
            let binder = AddRelationships.Binder(title: "Base")
            context.insert(binder)
            binder.cards = [cards["Charizard"]!, cards["Mewtwo"]!]
            cards["Charizard"]!.tags = try context.fetch(FetchDescriptor<CardsV1.Tag>(sortBy: [SortDescriptor(\.label)]))
            try context.save()
        }
        try store.with(AddRelationships.models) { (context) throws in
            let binder = try #require(try context.fetch(FetchDescriptor<AddRelationships.Binder>()).first)
            #expect(binder.cards.map(\.name) == ["Charizard", "Mewtwo"])
            let charizard = try #require(binder.cards.first)
            #expect(charizard.tags.map(\.label) == ["holo", "vintage"])
            #expect(charizard.sales.count == 2)
        }
    }

    @Test func toManyRelationshipGainingAnInverseMovesItsRowsInOrder() throws {
        let store = try MigrationTestStore()
        try store.with(ShelvesV1.models) { (context) throws in
            let top = ShelvesV1.Shelf(label: "top")
            let bottom = ShelvesV1.Shelf(label: "bottom")
            context.insert(top)
            context.insert(bottom)
            top.items = [ShelvesV1.Item(name: "c"), ShelvesV1.Item(name: "a"), ShelvesV1.Item(name: "b")]
            bottom.items = [ShelvesV1.Item(name: "z")]
            context.insert(ShelvesV1.Item(name: "loose"))
            try context.save()
        }
        try store.with(ShelvesV2.models) { (context) throws in
            let shelves = byName(try context.fetch(FetchDescriptor<ShelvesV2.Shelf>()), \.label)
            #expect(shelves["top"]?.items.map(\.name) == ["c", "a", "b"])
            #expect(shelves["bottom"]?.items.map(\.name) == ["z"])
            let items = byName(try context.fetch(FetchDescriptor<ShelvesV2.Item>()), \.name)
            #expect(items["a"]?.shelf?.label == "top")
            #expect(items["loose"]?.shelf == nil)
        }
        #expect(try !store.tables().contains("Z_Shelf_items"))
    }

    @Test func toOneRelationshipLosingItsInverseKeepsItsLinks() throws {
        let store = try v1Store()
        try store.with(RemoveInverse.models) { (context) throws in
            let sales = try context.fetch(FetchDescriptor<RemoveInverse.Sale>())
            #expect(sales.map(\.amount).sorted() == [300, 320])
            #expect(sales.allSatisfy { $0.card?.name == "Charizard" })
        }
        #expect(try !store.columns(of: "Sale").contains("Z_card_ORDER"))
        #expect(try store.inspect { db in try db.indexes(on: "Sale").first { $0.name == "Sale_fk_card" }?.columns } == ["card"])
    }

    @Test func joinTableRelationshipRenamedThroughOriginalNameKeepsItsLinksInOrder() throws {
        let store = try MigrationTestStore()
        try store.with(AddRelationships.models) { context in
            let card = AddRelationships.Card(name: "Charizard")
            context.insert(card)
            card.tags = [CardsV1.Tag(label: "vintage"), CardsV1.Tag(label: "holo"), CardsV1.Tag(label: "fire")]
            try context.save()
        }
        try store.with(RenameJoinRelationship.models) { (context) throws in
            let card = try #require(try context.fetch(FetchDescriptor<RenameJoinRelationship.Card>()).first)
            #expect(card.labels.map(\.label) == ["vintage", "holo", "fire"])
        }
        let tables = try store.tables()
        #expect(tables.contains("Z_Card_labels") && !tables.contains("Z_Card_tags"))
    }

    @Test func planWithOneVersionAndNoStagesOpensItsStore() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CouponSchemaV1.self), plan: CouponMigrationPlan.self, CardsV1.seed)
        try store.with(Schema(versionedSchema: CouponSchemaV1.self), plan: CouponMigrationPlan.self) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) == 3)
        }
    }

    @Test func migratedStoreOpensAgainWithoutWriting() throws {
        let store = try v1Store()
        try store.open(AddDefaultedAttributes.models)
        let migrated = try store.files()
        try store.with(AddDefaultedAttributes.models) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<AddDefaultedAttributes.Card>()) == 3)
        }
        let reopened = try store.files()
        #expect(reopened == migrated, "\(migrated) vs \(reopened)")
    }

    @Test func newNonOptionalAttributeWithoutDefaultIsFineOnAnEmptyTable() throws {
        let store = try MigrationTestStore()
        try store.open(CardsV1.models)
        try store.with(NewRequiredAttribute.models) { (context) throws in
            let card = NewRequiredAttribute.Card(name: "Eevee")
            card.rarity = "common"
            context.insert(card)
            try context.save()
            #expect(try context.fetch(FetchDescriptor<NewRequiredAttribute.Card>()).map(\.rarity) == ["common"])
        }
    }
}
