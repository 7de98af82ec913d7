import Foundation
import OpenSwiftData
import Testing

/// Saves of more models than one statement carries (the PostgreSQL store writes rows
/// in statements of at most 10,000, `PostgresBatchSQL.rowsPerStatement`): every row,
/// value and relationship is written, on every store alike.
@Suite struct LargeSaveBehaviourTests {
    static let start = Date(timeIntervalSinceReferenceDate: 1000)

    @Test(arguments: StoreKind.available)
    func aSaveOfThousandsOfModelsKeepsEveryRowInItsRelationshipsOrder(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self, Stop.self, Traveler.self, Guide.self])
        let context = ModelContext(try store.container())
        let trip = Trip(name: "Long", startDate: Self.start)
        context.insert(trip)
        trip.stops = (0..<12_000).map { Stop(name: "Stop \($0)") }
        try context.save()
        let fresh = ModelContext(try store.container())
        let trips = try fresh.fetch(FetchDescriptor<Trip>())
        #expect(trips.count == 1)
        #expect(trips.first?.stops.map(\.name) == (0..<12_000).map { "Stop \($0)" })
        #expect(try fresh.fetchCount(FetchDescriptor<Stop>()) == 12_000)
    }

    @Test(arguments: StoreKind.available)
    func changingThousandsOfModelsInOneSaveWritesEveryValueAndEveryNil(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self, Stop.self, Traveler.self, Guide.self])
        let seeding = ModelContext(try store.container())
        for index in 0..<10_500 {
            let trip = Trip(name: "Trip \(index)", startDate: Self.start)
            trip.notes = "before"
            seeding.insert(trip)
        }
        try seeding.save()
        let editing = ModelContext(try store.container())
        for trip in try editing.fetch(FetchDescriptor<Trip>()) {
            let index = Int(trip.name.dropFirst(5)) ?? -1
            trip.notes = index.isMultiple(of: 2) ? nil : "after \(index)"
            trip.status = .finished
        }
        try editing.save()
        let trips = try ModelContext(try store.container()).fetch(FetchDescriptor<Trip>())
        #expect(trips.count == 10_500)
        for trip in trips {
            let index = Int(trip.name.dropFirst(5)) ?? -1
            #expect(trip.notes == (index.isMultiple(of: 2) ? nil : "after \(index)"))
            #expect(trip.status == .finished)
        }
    }

    @Test(arguments: StoreKind.available(for: .uniqueConstraints))
    func aModelThatMeetsAnExistingUniqueKeyKeepsTheModelsOfItsSaveThatPointAtIt(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self, Stop.self, Traveler.self, Guide.self])
        let first = ModelContext(try store.container())
        let original = Trip(name: "Alps", startDate: Self.start)
        first.insert(original)
        try first.save()
        let second = ModelContext(try store.container())
        let replacement = Trip(name: "Alps", startDate: Self.start)
        replacement.notes = "replaced"
        second.insert(replacement)
        let stop = Stop(name: "Zermatt")
        second.insert(stop)
        stop.trip = replacement
        let guide = Guide(name: "Anna")
        second.insert(guide)
        guide.trip = replacement
        try second.save()
        let fresh = ModelContext(try store.container())
        let trips = try fresh.fetch(FetchDescriptor<Trip>())
        #expect(trips.count == 1)
        #expect(trips.first?.notes == "replaced")
        #expect(trips.first?.stops.map(\.name) == ["Zermatt"])
        #expect(try fresh.fetch(FetchDescriptor<Guide>()).first?.trip?.name == "Alps")
    }

    @Test(arguments: StoreKind.available(for: .uniqueConstraints))
    func twoModelsWithOneUniqueKeyInOneSaveLeaveOneRow(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Traveler.self, Trip.self, Stop.self, Guide.self])
        let context = ModelContext(try store.container())
        context.insert(Traveler(email: "ann@example.com"))
        context.insert(Traveler(email: "bob@example.com"))
        context.insert(Traveler(email: "ann@example.com"))
        try context.save()
        let emails = try ModelContext(try store.container()).fetch(FetchDescriptor<Traveler>()).map(\.email)
        #expect(emails.sorted() == ["ann@example.com", "bob@example.com"])
    }
}
