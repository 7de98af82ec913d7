import CustomStoreSupport
import Foundation
import OpenSwiftData
import Testing

@Suite struct DataStoreRelationshipTests {
    @Test func aToOneRelationshipRoundTrips() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        voyage.guide = Guide(name: "Ana")
        try context.save()
        let stored = try #require(try ModelContext(try folder.container()).fetch(FetchDescriptor<Voyage>()).first)
        #expect(stored.guide?.name == "Ana")
    }

    @Test func aToManyRelationshipRoundTripsInOrder() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        voyage.legs = [Leg(name: "out"), Leg(name: "across"), Leg(name: "back")]
        try context.save()
        let stored = try #require(try ModelContext(try folder.container()).fetch(FetchDescriptor<Voyage>()).first)
        #expect(stored.legs.map(\.name) == ["out", "across", "back"])
    }

    @Test func theInverseOfAToManyRelationshipResolvesToTheSameModel() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        voyage.legs = [Leg(name: "out")]
        try context.save()
        let reader = ModelContext(try folder.container())
        let leg = try #require(try reader.fetch(FetchDescriptor<Leg>()).first)
        let stored = try #require(try reader.fetch(FetchDescriptor<Voyage>()).first)
        #expect(leg.voyage === stored)
    }
}
