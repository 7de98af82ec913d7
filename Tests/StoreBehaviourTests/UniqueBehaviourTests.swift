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

    // Thousands of rows in one save take the stores' bulk path (on PostgreSQL a plain
    // insert first, and the upsert only when a key is met).
    @Test(arguments: StoreKind.available(for: .uniqueConstraints))
    func aLargeSaveWithOneSavedUniqueKeyUpdatesThatRowAndInsertsTheRest(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Traveler.self])
        let first = ModelContext(try store.container())
        let saved = Traveler(email: "traveler1500@example.com")
        first.insert(saved)
        try first.save()
        let second = ModelContext(try store.container())
        for index in 0..<3_000 { second.insert(Traveler(email: "traveler\(index)@example.com")) }
        try second.save()
        let travelers = try ModelContext(try store.container()).fetch(FetchDescriptor<Traveler>())
        #expect(travelers.count == 3_000)
        #expect(Set(travelers.map(\.email)).count == 3_000)
        #expect(travelers.filter { $0.email == "traveler1500@example.com" }.count == 1)
    }

    @Test(arguments: StoreKind.available(for: .uniqueConstraints))
    func aLargeSaveOfNewUniqueKeysInsertsEveryRowOnce(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Traveler.self])
        let context = ModelContext(try store.container())
        for index in 0..<3_000 { context.insert(Traveler(email: "traveler\(index)@example.com")) }
        try context.save()
        let travelers = try ModelContext(try store.container()).fetch(FetchDescriptor<Traveler>())
        #expect(travelers.count == 3_000)
        #expect(Set(travelers.map(\.persistentModelID)).count == 3_000)
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
