import Foundation
import OpenSwiftData
import Testing

/// A model written the way Apple's `@Model` expands (see `HandExpandedModels.swift`)
/// behaves as a `@Model` model does.
@Suite struct HandExpandedModelTests {
    let store = TestStore()

    private func container() throws -> ModelContainer { try store.container(Expedition.self, Waypoint.self) }

    @Test func anInsertedModelIsFetchedBackInANewContext() throws {
        let container = try container()
        let context = ModelContext(container)
        context.insert(Expedition(name: "Atlas", budget: 1200))
        try context.save()

        let fetched = try ModelContext(container).fetch(FetchDescriptor<Expedition>())
        #expect(fetched.map(\.name) == ["Atlas"])
        #expect(fetched.map(\.budget) == [1200])
    }

    @Test func aPredicateSelectsHandExpandedModels() throws {
        let container = try container()
        let context = ModelContext(container)
        context.insert(Expedition(name: "Atlas", budget: 1200))
        context.insert(Expedition(name: "Borealis", budget: 300))
        try context.save()

        let cheap = try ModelContext(container).fetch(FetchDescriptor<Expedition>(predicate: #Predicate { $0.budget < 1000 }))
        #expect(cheap.map(\.name) == ["Borealis"])
    }

    @Test func anEditToAFetchedModelIsTrackedAndSaved() throws {
        let container = try container()
        let first = ModelContext(container)
        first.insert(Expedition(name: "Atlas", budget: 1200))
        try first.save()

        let second = ModelContext(container)
        let expedition = try #require(try second.fetch(FetchDescriptor<Expedition>()).first)
        expedition.budget = 900
        #expect(expedition.hasChanges)
        try second.save()

        let third = try ModelContext(container).fetch(FetchDescriptor<Expedition>())
        #expect(third.map(\.budget) == [900])
    }

    @Test func aToOneRelationshipIsSavedAndLoaded() throws {
        let container = try container()
        let context = ModelContext(container)
        let expedition = Expedition(name: "Atlas", budget: 1200)
        context.insert(Waypoint(city: "Lisbon", expedition: expedition))
        try context.save()

        let waypoint = try #require(try ModelContext(container).fetch(FetchDescriptor<Waypoint>()).first)
        #expect(waypoint.expedition?.name == "Atlas")
    }

    @Test func settingTheToOneSideFillsTheToManySide() throws {
        let context = ModelContext(try container())
        let expedition = Expedition(name: "Atlas", budget: 1200)
        context.insert(expedition)
        let waypoint = Waypoint(city: "Lisbon")
        context.insert(waypoint)
        waypoint.expedition = expedition
        #expect(expedition.waypoints.map(\.city) == ["Lisbon"])
    }

    @Test func aToManyRelationshipKeepsItsOrderAcrossSaveAndFetch() throws {
        let container = try container()
        let context = ModelContext(container)
        let expedition = Expedition(name: "Atlas", budget: 1200)
        context.insert(expedition)
        expedition.waypoints = [Waypoint(city: "Lisbon"), Waypoint(city: "Dakar"), Waypoint(city: "Recife")]
        try context.save()

        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Expedition>()).first)
        #expect(fetched.waypoints.map(\.city) == ["Lisbon", "Dakar", "Recife"])
    }

    @Test func appendingToTheToManySideSetsTheInverse() throws {
        let context = ModelContext(try container())
        let expedition = Expedition(name: "Atlas", budget: 1200)
        context.insert(expedition)
        let waypoint = Waypoint(city: "Lisbon")
        expedition.waypoints.append(waypoint)
        #expect(waypoint.expedition === expedition)
    }

    @Test func deletingAModelRemovesItsRowAndCascades() throws {
        let container = try container()
        let context = ModelContext(container)
        let expedition = Expedition(name: "Atlas", budget: 1200)
        context.insert(expedition)
        expedition.waypoints = [Waypoint(city: "Lisbon"), Waypoint(city: "Dakar")]
        try context.save()

        let other = ModelContext(container)
        let fetched = try #require(try other.fetch(FetchDescriptor<Expedition>()).first)
        other.delete(fetched)
        try other.save()

        let check = ModelContext(container)
        #expect(try check.fetchCount(FetchDescriptor<Expedition>()) == 0)
        #expect(try check.fetchCount(FetchDescriptor<Waypoint>()) == 0)
    }

    @Test func aModelGetsItsValuesFromBackingDataGivenToItsInitialiser() throws {
        let data = Expedition.createBackingData() as any BackingData<Expedition>
        data.setValue(forKey: \Expedition.name, to: "Atlas")
        data.setValue(forKey: \Expedition.budget, to: 50)
        let expedition = Expedition(backingData: data)
        #expect(expedition.name == "Atlas")
        #expect(expedition.budget == 50)
    }
}
