import Foundation
import GRDB
import OpenSwiftData
import Testing

@Model final class Trunk {
    var name: String
    var rings: Int = 7
    init(name: String) { self.name = name }
}

@Model final class Leaf {
    var name: String
    var trunk: Trunk
    init(name: String, trunk: Trunk) { self.name = name; self.trunk = trunk }
}

/// Reads of rows that another context or process deleted, which stop a SwiftData
/// program: here they give stand-in values, and the next save or fetch throws.
@Suite struct VanishedRowTests {
    let store = TestStore()

    private func container() throws -> ModelContainer { try store.container(Trunk.self, Leaf.self) }

    /// Saves a trunk and returns its identifier.
    private func savedTrunk(_ container: ModelContainer, name: String = "oak") throws -> PersistentIdentifier {
        let context = ModelContext(container)
        let trunk = Trunk(name: name)
        context.insert(trunk)
        try context.save()
        return trunk.persistentModelID
    }

    private func deleteEveryTrunkElsewhere(_ container: ModelContainer) throws {
        let other = ModelContext(container)
        try other.delete(model: Trunk.self)
        try other.save()
    }

    @Test func modelForADeletedIdentifierReadsStandInValues() throws {
        let container = try container()
        let id = try savedTrunk(container)
        try deleteEveryTrunkElsewhere(container)
        let trunk = try #require(ModelContext(container).model(for: id) as? Trunk)
        #expect(trunk.name == "")
        #expect(trunk.rings == 7)
        #expect(trunk.isDeleted)
    }

    @Test func modelForADeletedIdentifierMakesTheNextSaveThrow() throws {
        let container = try container()
        let id = try savedTrunk(container)
        try deleteEveryTrunkElsewhere(container)
        let context = ModelContext(container)
        _ = context.model(for: id)
        #expect(throws: OpenSwiftDataError.modelNotFound(id)) { try context.save() }
    }

    @Test func theFailureIsThrownOnlyOnce() throws {
        let container = try container()
        let id = try savedTrunk(container)
        try deleteEveryTrunkElsewhere(container)
        let context = ModelContext(container)
        _ = context.model(for: id)
        _ = try? context.save()
        try context.save()
    }

    @Test func anAttributeLeftOutOfAFetchWhoseRowIsGoneReadsAsAStandIn() throws {
        let container = try container()
        _ = try savedTrunk(container)
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Trunk>()
        descriptor.propertiesToFetch = [\.name]
        let trunk = try #require(try context.fetch(descriptor).first)
        try deleteEveryTrunkElsewhere(container)
        #expect(trunk.rings == 7)
        #expect(throws: OpenSwiftDataError.rowDeleted(entity: "Trunk")) { try context.fetch(FetchDescriptor<Trunk>()) }
    }

    @Test func aRequiredToOneWhoseRowAnotherProgramDeletedReadsAsAStandIn() throws {
        let container = try container()
        let writer = ModelContext(container)
        writer.insert(Leaf(name: "leaf", trunk: Trunk(name: "birch")))
        try writer.save()
        let raw = try DatabaseQueue(path: store.url.path)
        try raw.write { db in try db.execute(sql: "PRAGMA foreign_keys = OFF; DELETE FROM Trunk") }
        let context = ModelContext(container)
        let leaf = try #require(try context.fetch(FetchDescriptor<Leaf>()).first)
        #expect(leaf.trunk.name == "")
        #expect { try context.save() } throws: { error in
            guard case let .corruptValue(entity, property, _) = OpenSwiftDataError(explaining: error)?.kind else { return false }
            return entity == "Leaf" && property == "trunk"
        }
    }

    @Test func aBatchedResultDeletedAfterTheFetchIsAStandIn() throws {
        let container = try container()
        for name in ["a", "b", "c", "d", "e"] { _ = try savedTrunk(container, name: name) }
        let context = ModelContext(container)
        let results = try context.fetch(FetchDescriptor<Trunk>(sortBy: [SortDescriptor(\.name)]), batchSize: 2)
        #expect(results[0].name == "a")
        try deleteEveryTrunkElsewhere(container)
        #expect(results[4].name == "")
        #expect(throws: OpenSwiftDataError.rowDeleted(entity: "Trunk")) { try context.save() }
    }

    @Test func batchedResultsKeepTheirContextAlive() throws {
        let container = try container()
        for name in ["a", "b", "c"] { _ = try savedTrunk(container, name: name) }
        func fetchWithATemporaryContext() throws -> FetchResultsCollection<Trunk> {
            try ModelContext(container).fetch(FetchDescriptor<Trunk>(sortBy: [SortDescriptor(\.name)]), batchSize: 1)
        }
        let results = try fetchWithATemporaryContext()
        #expect(results.map(\.name) == ["a", "b", "c"])
    }
}
