import Foundation
import OpenSwiftData
import Testing

@Suite struct SmokeTests {
    @Test func insertSaveFetch() throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let trip = Trip(name: "Rome")
        trip.stops.append(Stop(name: "Colosseum"))
        trip.tags = ["a", "b"]
        context.insert(trip)
        try context.save()
        let other = ModelContext(container)
        let trips = try other.fetch(FetchDescriptor<Trip>())
        #expect(trips.count == 1)
        #expect(trips[0].name == "Rome")
        #expect(trips[0].tags == ["a", "b"])
        #expect(trips[0].stops.map(\.name) == ["Colosseum"])
        #expect(trips[0].stops[0].trip === trips[0])
    }
}
