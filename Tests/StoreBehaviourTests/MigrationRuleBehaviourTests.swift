import Foundation
import OpenSwiftData
import Testing

/// The lightweight migration rules for relationships, required values, unique keys and
/// removed entities (`RacksV1` and its variants), which every store that migrates
/// decides alike: SQLite and PostgreSQL apply one ``SchemaDiff``.
@Suite struct MigrationRuleBehaviourTests {
    /// A store written by `RacksV1`, seeded.
    private func v1Store(_ kind: StoreKind) throws -> BehaviourStore {
        let store = try BehaviourStore(kind, for: RacksV1.models)
        try RacksV1.seed(ModelContext(try store.container()))
        return store
    }

    private func context(_ store: BehaviourStore, _ models: [any PersistentModel.Type]) throws -> ModelContext {
        ModelContext(try store.container(for: models))
    }

    private func message(_ body: () throws -> Void) -> String {
        let error = #expect(throws: (any Error).self) { try body() }
        return error.map { "\($0)" } ?? ""
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aRenamedToOneAndItsInverseKeepTheirLinksInOrder(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let racks = try context(store, RacksRenamed.models).fetch(FetchDescriptor<RacksRenamed.Rack>(sortBy: [SortDescriptor(\.label)]))
        #expect(racks.map(\.label) == ["low", "top"])
        #expect(racks.map { $0.crates.map(\.name) } == [["z"], ["c", "a", "b"]])
        #expect(racks[1].crates.allSatisfy { $0.place?.label == "top" })
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aRenamedJoinTableRelationshipKeepsItsLinksInOrder(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let racks = try context(store, RacksRenamed.models).fetch(FetchDescriptor<RacksRenamed.Rack>(sortBy: [SortDescriptor(\.label)]))
        #expect(racks.map { $0.labels.map(\.text) } == [["green"], ["red", "blue"]])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func renamedRelationshipsTakeNewLinksAfterTheMigration(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let writer = try context(store, RacksRenamed.models)
        let low = try #require(try writer.fetch(FetchDescriptor<RacksRenamed.Rack>(predicate: #Predicate { $0.label == "low" })).first)
        low.crates.append(RacksRenamed.Box(name: "y"))
        try writer.save()
        let reread = try context(store, RacksRenamed.models).fetch(FetchDescriptor<RacksRenamed.Rack>(predicate: #Predicate { $0.label == "low" }))
        #expect(reread.first?.crates.map(\.name) == ["z", "y"])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func anOptionalAttributeBecomingRequiredTakesItsDefaultWhereNil(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let racks = try context(store, RacksNoteRequired.models).fetch(FetchDescriptor<RacksNoteRequired.Rack>(sortBy: [SortDescriptor(\.label)]))
        #expect(racks.map(\.note) == ["none", "oak"])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func anOptionalAttributeBecomingRequiredWithNilsAndNoDefaultIsRefusedNamingIt(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        #expect(message { _ = try store.container(for: RacksNoteRequiredWithoutDefault.models) }.contains("Rack.note"))
        // Nothing changed: the old program still reads the nil note.
        let racks = try context(store, RacksV1.models).fetch(FetchDescriptor<RacksV1.Rack>(sortBy: [SortDescriptor(\.label)]))
        #expect(racks.map(\.note) == [nil, "oak"])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aNewUniqueConstraintUpsertsOnItsKey(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let writer = try context(store, RacksUniqueBoxName.models)
        writer.insert(RacksUniqueBoxName.Box(name: "a", size: 9))
        try writer.save()
        let boxes = try context(store, RacksUniqueBoxName.models).fetch(FetchDescriptor<RacksUniqueBoxName.Box>(sortBy: [SortDescriptor(\.name)]))
        #expect(boxes.map(\.name) == ["a", "b", "c", "z"])
        #expect(boxes.first?.size == 9)
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aNewUniqueConstraintTheRowsViolateIsRefusedNamingIt(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let writer = try context(store, RacksV1.models)
        writer.insert(RacksV1.Box(name: "a"))
        try writer.save()
        let words = message { _ = try store.container(for: RacksUniqueBoxName.models) }
        #expect(words.contains("Box") && words.contains("name") && words.contains("\"a\""))
        #expect(try context(store, RacksV1.models).fetchCount(FetchDescriptor<RacksV1.Box>()) == 5)
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aToManyGainingAToOneInverseMovesItsLinksInOrder(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let reader = try context(store, RacksStickerInverse.models)
        let racks = try reader.fetch(FetchDescriptor<RacksStickerInverse.Rack>(sortBy: [SortDescriptor(\.label)]))
        #expect(racks.map { $0.stickers.map(\.text) } == [["green"], ["red", "blue"]])
        let red = try reader.fetch(FetchDescriptor<RacksStickerInverse.Sticker>(predicate: #Predicate { $0.text == "red" }))
        #expect(red.first?.rack?.label == "top")
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aToManyGainingAToOneInverseIsRefusedWhenAModelBelongsToTwoOwners(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let writer = try context(store, RacksV1.models)
        let racks = try writer.fetch(FetchDescriptor<RacksV1.Rack>(sortBy: [SortDescriptor(\.label)]))
        racks[0].stickers.append(racks[1].stickers[0])
        try writer.save()
        #expect(message { _ = try store.container(for: RacksStickerInverse.models) }.contains("Rack.stickers"))
        #expect(try context(store, RacksV1.models).fetch(FetchDescriptor<RacksV1.Rack>(sortBy: [SortDescriptor(\.label)])).map(\.stickers.count) == [2, 2])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aRemovedEntityLosesItsRows(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        #expect(try context(store, RacksWithoutLoan.models).fetchCount(FetchDescriptor<RacksV1.Rack>()) == 2)
        // The model comes back with no rows: its table went with it.
        #expect(try context(store, RacksV1.models).fetchCount(FetchDescriptor<RacksV1.Loan>()) == 0)
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aRemovedRelationshipLosesItsLinks(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        #expect(try context(store, RacksWithoutBoxRack.models).fetchCount(FetchDescriptor<RacksWithoutBoxRack.Box>()) == 4)
        // Back to the first version: the boxes are on no rack.
        let racks = try context(store, RacksV1.models).fetch(FetchDescriptor<RacksV1.Rack>())
        #expect(racks.allSatisfy { $0.boxes.isEmpty })
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aMigratedStoreOpensAgainAsItWasLeft(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        _ = try store.container(for: RacksRenamed.models)
        let racks = try context(store, RacksRenamed.models).fetch(FetchDescriptor<RacksRenamed.Rack>(sortBy: [SortDescriptor(\.label)]))
        #expect(racks.map { $0.crates.count } == [1, 3])
        #expect(racks.map { $0.labels.count } == [1, 2])
    }
}
