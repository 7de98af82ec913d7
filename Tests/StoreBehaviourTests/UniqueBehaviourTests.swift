import Foundation
import OpenSwiftData
import Testing

/// Unique keys upsert: an inserted model whose key a saved row has updates that row.
/// (Not on the JSON store: see `StoreKind.Capability.uniqueConstraints`.)
@Suite struct UniqueBehaviourTests {
    @Test(arguments: StoreKind.available(for: .uniqueConstraints))
    func insertingAnExistingUniqueKeyUpdatesTheRow(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Traveler.self])
        let first = ModelContext(try store.container())
        first.insert(Traveler(email: "ann@example.com"))
        try first.save()
        let second = ModelContext(try store.container())
        let again = Traveler(email: "ann@example.com")
        second.insert(again)
        try second.save()
        let fresh = ModelContext(try store.container())
        let travelers = try fresh.fetch(FetchDescriptor<Traveler>())
        #expect(travelers.count == 1)
        #expect(travelers.first?.persistentModelID == again.persistentModelID)
    }

    @Test(arguments: StoreKind.available(for: .uniqueConstraints))
    func aCompoundUniqueKeyUpsertsOnAllItsParts(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let start = Date(timeIntervalSinceReferenceDate: 1000)
        let context = ModelContext(try store.container())
        context.insert(Trip(name: "Alps", startDate: start))
        context.insert(Trip(name: "Alps", startDate: start.addingTimeInterval(86_400)))
        try context.save()
        let other = ModelContext(try store.container())
        let replacement = Trip(name: "Alps", startDate: start)
        replacement.notes = "replaced"
        other.insert(replacement)
        try other.save()
        let trips = try ModelContext(try store.container()).fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.startDate)]))
        #expect(trips.count == 2)
        #expect(trips.map(\.notes) == ["replaced", nil])
    }
}
