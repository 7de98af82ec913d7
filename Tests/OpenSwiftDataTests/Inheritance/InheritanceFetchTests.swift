import Foundation
import OpenSwiftData
import Testing

/// Models of a class hierarchy are stored together and fetched as their own classes:
/// a fetch of the superclass returns subclass instances, a fetch of a subclass only
/// its own, as SwiftData's (iOS 26) inheritance does.
@Suite struct InheritanceFetchTests {
    private let start = Date(timeIntervalSinceReferenceDate: 780_000_000)

    private func container(_ store: TestStore) throws -> ModelContainer {
        try store.container(Journey.self, BusinessJourney.self, PersonalJourney.self, Traveller.self)
    }

    /// Saves one journey of each class, then returns a fresh context on the same store.
    private func savedJourneys(_ store: TestStore) throws -> ModelContext {
        do {
            let context = ModelContext(try container(store))
            context.insert(Journey(name: "Weekend", start: start))
            context.insert(BusinessJourney(name: "Conference", start: start.addingTimeInterval(86_400), perDiem: 80, client: "Acme"))
            context.insert(PersonalJourney(name: "Wedding", start: start.addingTimeInterval(172_800), reason: "family"))
            try context.save()
        }
        return ModelContext(try container(store))
    }

    @Test func fetchOfTheSuperclassReturnsSubclassInstancesAsTheirClass() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let journeys = try context.fetch(FetchDescriptor<Journey>(sortBy: [SortDescriptor(\.start)]))
        #expect(journeys.map(\.name) == ["Weekend", "Conference", "Wedding"])
        #expect(type(of: journeys[0]) == Journey.self)
        #expect(journeys[1] is BusinessJourney)
        #expect(journeys[2] is PersonalJourney)
    }

    @Test func fetchOfASubclassReturnsOnlyItsInstances() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let business = try context.fetch(FetchDescriptor<BusinessJourney>())
        #expect(business.map(\.name) == ["Conference"])
    }

    @Test func subclassPropertiesReadBackFromTheStore() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let business = try #require(try context.fetch(FetchDescriptor<BusinessJourney>()).first)
        #expect(business.perDiem == 80)
        #expect(business.client == "Acme")
        #expect(business.start == start.addingTimeInterval(86_400))
    }

    @Test func subclassFetchedThroughTheSuperclassHasItsOwnProperties() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let journeys = try context.fetch(FetchDescriptor<Journey>(predicate: #Predicate { $0.name == "Wedding" }))
        let personal = try #require(journeys.first as? PersonalJourney)
        #expect(personal.reason == "family")
    }

    @Test func predicateOnASuperclassPropertyFiltersASubclassFetch() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let none = try context.fetch(FetchDescriptor<BusinessJourney>(predicate: #Predicate { $0.name == "Weekend" }))
        let one = try context.fetch(FetchDescriptor<BusinessJourney>(predicate: #Predicate { $0.name == "Conference" }))
        #expect(none.isEmpty)
        #expect(one.map(\.perDiem) == [80])
    }

    @Test func predicateOnASubclassPropertyFiltersItsFetch() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let found = try context.fetch(FetchDescriptor<BusinessJourney>(predicate: #Predicate { $0.perDiem > 50 }))
        #expect(found.map(\.name) == ["Conference"])
    }

    @Test func isPredicateSelectsTheSubclassInASuperclassFetch() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let found = try context.fetch(FetchDescriptor<Journey>(predicate: #Predicate { $0 is BusinessJourney }))
        #expect(found.map(\.name) == ["Conference"])
    }

    @Test func conditionalCastPredicateReadsASubclassProperty() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let predicate = #Predicate<Journey> { journey in
            if let business = journey as? BusinessJourney {
                business.perDiem > 50
            } else {
                false
            }
        }
        #expect(try context.fetch(FetchDescriptor<Journey>(predicate: predicate)).map(\.name) == ["Conference"])
    }

    @Test func fetchCountOfASubclassCountsOnlyItsRows() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        #expect(try context.fetchCount(FetchDescriptor<PersonalJourney>()) == 1)
        #expect(try context.fetchCount(FetchDescriptor<Journey>()) == 3)
    }

    @Test func aSubclassInstanceIsOneObjectWhetherFetchedAsItsClassOrTheSuperclass() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let business = try #require(try context.fetch(FetchDescriptor<BusinessJourney>()).first)
        let all = try context.fetch(FetchDescriptor<Journey>())
        #expect(all.contains { $0 === business })
    }

    @Test func identifierOfASubclassInstanceNamesItsOwnEntity() throws {
        let store = TestStore()
        let context = try savedJourneys(store)
        let journey = try #require(try context.fetch(FetchDescriptor<Journey>(predicate: #Predicate { $0.name == "Conference" })).first)
        #expect(journey.persistentModelID.entityName == "BusinessJourney")
        let other = ModelContext(try container(store))
        #expect(other.model(for: journey.persistentModelID) is BusinessJourney)
    }

    @Test func changeToAnInheritedPropertyOfASubclassInstanceIsSaved() throws {
        let store = TestStore()
        do {
            let context = try savedJourneys(store)
            let business = try #require(try context.fetch(FetchDescriptor<BusinessJourney>()).first)
            business.name = "Summit"
            business.perDiem = 95
            try context.save()
        }
        let context = ModelContext(try container(store))
        let business = try #require(try context.fetch(FetchDescriptor<BusinessJourney>()).first)
        #expect(business.name == "Summit")
        #expect(business.perDiem == 95)
    }
}
