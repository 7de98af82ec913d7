import CustomStoreSupport
import Foundation
import OpenSwiftData
import Testing

@Suite struct DataStoreSaveTests {
    @Test func anUpdateIsSavedAndReadBack() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3)])
        let context = ModelContext(try folder.container())
        let voyage = try #require(try context.fetch(FetchDescriptor<Voyage>()).first)
        voyage.days = 4
        try context.save()
        let days = try ModelContext(try folder.container()).fetch(FetchDescriptor<Voyage>()).map(\.days)
        #expect(days == [4])
    }

    @Test func insertedModelsTakeTheIdentifiersTheStoreRemapsThemTo() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        let temporary = voyage.persistentModelID
        try context.save()
        let request = try #require(folder.configuration.receivedSaves.first)
        #expect(request.inserted.map(\.persistentIdentifier) == [temporary])
        #expect(temporary.isTemporary)
        #expect(!voyage.persistentModelID.isTemporary)
        let stored = try JSONStore(folder.configuration, migrationPlan: nil).read().keys
        #expect(Array(stored) == [voyage.persistentModelID])
    }

    @Test func aStoreThatThrowsOnSaveLeavesTheChangesPending() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        folder.configuration.failingSaves = 1
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        #expect(throws: JSONStoreSaveFailure.self) { try context.save() }
        #expect(context.insertedModelsArray.count == 1)
        #expect(voyage.persistentModelID.isTemporary)
    }

    @Test func aSaveRetriedAfterTheStoreThrewSucceeds() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        folder.configuration.failingSaves = 1
        context.insert(Voyage(name: "Lisbon", days: 3))
        #expect(throws: JSONStoreSaveFailure.self) { try context.save() }
        try context.save()
        #expect(!context.hasChanges)
        #expect(try ModelContext(try folder.container()).fetchCount(FetchDescriptor<Voyage>()) == 1)
    }

    @Test func deletingAModelCascadesToItsChildren() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        voyage.legs = [Leg(name: "out"), Leg(name: "back")]
        try context.save()
        let deleter = ModelContext(try folder.container())
        let stored = try #require(try deleter.fetch(FetchDescriptor<Voyage>()).first)
        deleter.delete(stored)
        try deleter.save()
        let reader = ModelContext(try folder.container())
        #expect(try reader.fetchCount(FetchDescriptor<Voyage>()) == 0)
        #expect(try reader.fetchCount(FetchDescriptor<Leg>()) == 0)
    }

    @Test func deletingAModelNullifiesTheRelationshipsThatHeldIt() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        voyage.guide = Guide(name: "Ana")
        try context.save()
        let deleter = ModelContext(try folder.container())
        let guide = try #require(try deleter.fetch(FetchDescriptor<Guide>()).first)
        deleter.delete(guide)
        try deleter.save()
        let reader = ModelContext(try folder.container())
        let stored = try #require(try reader.fetch(FetchDescriptor<Voyage>()).first)
        #expect(stored.guide == nil)
        #expect(try reader.fetchCount(FetchDescriptor<Guide>()) == 0)
    }

    @Test func aBatchDeleteGoesToAStoreThatBatches() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3), ("Oslo", 5)])
        let batching = BatchingJSONStoreConfiguration(folder.configuration)
        let context = ModelContext(try ModelContainer(for: Voyage.self, Leg.self, Guide.self, configurations: batching))
        try context.delete(model: Voyage.self)
        #expect(batching.batchDeletes == 1)
        #expect(try context.fetchCount(FetchDescriptor<Voyage>()) == 0)
    }

    @Test func aBatchDeleteOnAStoreThatDoesNotBatchDeletesAtTheNextSave() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3), ("Oslo", 5)])
        let context = ModelContext(try folder.container())
        try context.delete(model: Voyage.self, where: #Predicate { $0.days > 4 })
        try context.save()
        let names = try ModelContext(try folder.container()).fetch(FetchDescriptor<Voyage>()).map(\.name)
        #expect(names == ["Lisbon"])
    }
}
