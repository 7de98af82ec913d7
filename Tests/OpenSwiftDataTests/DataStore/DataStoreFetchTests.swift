import CustomStoreSupport
import Foundation
import OpenSwiftData
import Testing

@Suite struct DataStoreFetchTests {
    @Test func insertedModelsAreFetchedBackInANewContainer() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3), ("Oslo", 5)])
        let voyages = try ModelContext(try folder.container()).fetch(FetchDescriptor<Voyage>())
        #expect(Set(voyages.map(\.name)) == ["Lisbon", "Oslo"])
        #expect(Set(voyages.map(\.days)) == [3, 5])
    }

    @Test func aStoreThatFiltersAnswersAPredicateItself() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3), ("Oslo", 5)])
        folder.configuration.filter = { $0.value(forKey: "days", as: Int.self) == 5 }
        let context = ModelContext(try folder.container())
        let long = try context.fetch(FetchDescriptor<Voyage>(predicate: #Predicate { $0.days > 4 }))
        #expect(long.map(\.name) == ["Oslo"])
        #expect(folder.configuration.receivedPredicates == 1)
    }

    @Test func preferInMemoryFilterMakesTheContextEvaluateThePredicate() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3), ("Oslo", 5), ("Rome", 7)])
        let context = ModelContext(try folder.container())
        let long = try context.fetch(FetchDescriptor<Voyage>(predicate: #Predicate { $0.days > 4 }, sortBy: [SortDescriptor(\.days)]))
        #expect(long.map(\.name) == ["Oslo", "Rome"])
        #expect(folder.configuration.receivedPredicates == 0)
    }

    @Test func preferInMemorySortMakesTheContextSortAndWindow() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Oslo", 5), ("Lisbon", 3), ("Rome", 7)])
        var descriptor = FetchDescriptor<Voyage>(sortBy: [SortDescriptor(\.days, order: .reverse)])
        descriptor.fetchLimit = 2
        let voyages = try ModelContext(try folder.container()).fetch(descriptor)
        #expect(voyages.map(\.name) == ["Rome", "Oslo"])
    }

    @Test func fetchCountCountsOnlyTheRequestedEntity() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        voyage.legs = [Leg(name: "out"), Leg(name: "back")]
        try context.save()
        let reader = ModelContext(try folder.container())
        #expect(try reader.fetchCount(FetchDescriptor<Voyage>()) == 1)
        #expect(try reader.fetchCount(FetchDescriptor<Leg>()) == 2)
    }

    @Test func fetchCountWithAPredicateTheStoreLeavesToTheContextCountsInMemory() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3), ("Oslo", 5), ("Rome", 7)])
        let count = try ModelContext(try folder.container()).fetchCount(FetchDescriptor<Voyage>(predicate: #Predicate { $0.days >= 5 }))
        #expect(count == 2)
    }

    @Test func fetchIdentifiersGivesTheStoresIdentifiers() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3)])
        let context = ModelContext(try folder.container())
        let ids = try context.fetchIdentifiers(FetchDescriptor<Voyage>())
        let voyage = try #require(try context.fetch(FetchDescriptor<Voyage>()).first)
        #expect(ids == [voyage.persistentModelID])
    }

    @Test func unsavedInsertsAreFetchedWithTheStoresModels() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3)])
        let context = ModelContext(try folder.container())
        context.insert(Voyage(name: "Oslo", days: 5))
        let names = try context.fetch(FetchDescriptor<Voyage>(sortBy: [SortDescriptor(\.name)])).map(\.name)
        #expect(names == ["Lisbon", "Oslo"])
    }

    @Test func modelForAnIdentifierReadsTheModelFromTheStore() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3)])
        let id = try #require(try ModelContext(try folder.container()).fetchIdentifiers(FetchDescriptor<Voyage>()).first)
        let model = ModelContext(try folder.container()).model(for: id)
        #expect((model as? Voyage)?.name == "Lisbon")
    }
}
