import Foundation
import OpenSwiftData
import Testing

/// A relationship to a superclass holds models of its subclasses, and reads them back
/// as their own classes.
@Suite struct InheritanceRelationshipTests {
    private let start = Date(timeIntervalSinceReferenceDate: 780_000_000)

    @Test func relationshipToTheSuperclassHoldsSubclassInstancesAcrossASave() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Traveller.self, Journey.self, BusinessJourney.self))
            let traveller = Traveller(name: "Ada")
            context.insert(traveller)
            traveller.journeys = [Journey(name: "Weekend", start: start), BusinessJourney(name: "Conference", start: start, perDiem: 80)]
            try context.save()
        }
        let context = ModelContext(try store.container(Traveller.self, Journey.self, BusinessJourney.self))
        let traveller = try #require(try context.fetch(FetchDescriptor<Traveller>()).first)
        #expect(traveller.journeys.map(\.name) == ["Weekend", "Conference"])
        #expect((traveller.journeys.last as? BusinessJourney)?.perDiem == 80)
    }

    @Test func inverseOfAnInheritedRelationshipReachesTheOwner() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Traveller.self, Journey.self, BusinessJourney.self))
            let traveller = Traveller(name: "Ada")
            context.insert(traveller)
            traveller.journeys.append(BusinessJourney(name: "Conference", start: start, perDiem: 80))
            try context.save()
        }
        let context = ModelContext(try store.container(Traveller.self, Journey.self, BusinessJourney.self))
        let business = try #require(try context.fetch(FetchDescriptor<BusinessJourney>()).first)
        #expect(business.traveller?.name == "Ada")
    }

    @Test func aRelationshipASubclassSetsBeforeSuperInitJoinsItsInverseOnInsert() throws {
        let context = ModelContext(try inMemoryContainer(Sponsor.self, Excursion.self, SponsoredExcursion.self))
        let sponsor = Sponsor(name: "Geographic Society")
        context.insert(sponsor)
        context.insert(SponsoredExcursion(name: "Pole", sponsor: sponsor))
        #expect(sponsor.excursions.map(\.name) == ["Pole"])
        try context.save()
        let stored = try ModelContext(context.container).fetch(FetchDescriptor<Sponsor>())
        #expect(stored.map { $0.excursions.map(\.name) } == [["Pole"]])
    }

    @Test func cascadeFromTheOwnerDeletesSubclassInstances() throws {
        let context = ModelContext(try inMemoryContainer(Traveller.self, Journey.self, BusinessJourney.self))
        let traveller = Traveller(name: "Ada")
        context.insert(traveller)
        traveller.journeys.append(BusinessJourney(name: "Conference", start: start, perDiem: 80))
        try context.save()
        context.delete(traveller)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Journey>()).isEmpty)
    }
}
