import Foundation
import OpenSwiftData
import Testing

/// Relationships and their delete rules: the same on every store.
@Suite struct RelationshipBehaviourTests {
    private func trip(in context: ModelContext) -> Trip {
        let trip = Trip(name: "Alps", startDate: Date(timeIntervalSinceReferenceDate: 1000))
        context.insert(trip)
        return trip
    }

    @Test(arguments: StoreKind.available)
    func aToManyRelationshipKeepsItsOrder(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let context = ModelContext(try store.container())
        let trip = trip(in: context)
        trip.stops = ["Zermatt", "Andermatt", "Bern"].map(Stop.init)
        try context.save()
        trip.stops = [trip.stops[2], trip.stops[0], trip.stops[1]]
        try context.save()
        let fresh = ModelContext(try store.container())
        let read = try #require(try fresh.fetch(FetchDescriptor<Trip>()).first)
        #expect(read.stops.map(\.name) == ["Bern", "Zermatt", "Andermatt"])
        #expect(read.stops.allSatisfy { $0.trip === read })
    }

    @Test(arguments: StoreKind.available)
    func membersGivenTheirToOneInAnotherContextFollowTheStoredOnesInOrder(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let context = ModelContext(try store.container())
        trip(in: context).stops = ["Zermatt", "Andermatt"].map(Stop.init)
        try context.save()
        // A context that has not read the trip's stops: each new stop names its trip.
        let later = ModelContext(try store.container())
        let read = try #require(try later.fetch(FetchDescriptor<Trip>()).first)
        for name in ["Bern", "Basel"] {
            let stop = Stop(name: name)
            later.insert(stop)
            stop.trip = read
        }
        try later.save()
        let fresh = ModelContext(try store.container())
        let saved = try #require(try fresh.fetch(FetchDescriptor<Trip>()).first)
        #expect(saved.stops.map(\.name) == ["Zermatt", "Andermatt", "Bern", "Basel"])
    }

    @Test(arguments: StoreKind.available)
    func aManyToManyRelationshipReadsFromBothSides(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let context = ModelContext(try store.container())
        let alps = trip(in: context)
        let coast = Trip(name: "Coast", startDate: Date(timeIntervalSinceReferenceDate: 2000))
        context.insert(coast)
        let ann = Traveler(email: "ann@example.com")
        let bob = Traveler(email: "bob@example.com")
        alps.travelers = [ann, bob]
        coast.travelers = [bob]
        try context.save()
        let fresh = ModelContext(try store.container())
        let trips = try fresh.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map { $0.travelers.map(\.email) } == [["ann@example.com", "bob@example.com"], ["bob@example.com"]])
        let bobRead = try #require(try fresh.fetch(FetchDescriptor<Traveler>(predicate: #Predicate { $0.email == "bob@example.com" })).first)
        #expect(Set(bobRead.trips.map(\.name)) == ["Alps", "Coast"])
    }

    @Test(arguments: StoreKind.available)
    func aOneToOneRelationshipReadsFromBothSides(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let context = ModelContext(try store.container())
        let alps = trip(in: context)
        alps.guide = Guide(name: "Heidi")
        try context.save()
        let fresh = ModelContext(try store.container())
        #expect(try fresh.fetch(FetchDescriptor<Trip>()).first?.guide?.name == "Heidi")
        #expect(try fresh.fetch(FetchDescriptor<Guide>()).first?.trip?.name == "Alps")
    }

    @Test(arguments: StoreKind.available)
    func cascadeDeletesTheRelatedModels(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let context = ModelContext(try store.container())
        let alps = trip(in: context)
        alps.stops = [Stop(name: "Zermatt"), Stop(name: "Bern")]
        try context.save()
        context.delete(alps)
        try context.save()
        let fresh = ModelContext(try store.container())
        #expect(try fresh.fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    /// A trip of three stops saved by one container; the trip as another container reads it.
    private func savedTripReadAfresh(_ store: BehaviourStore) throws -> (context: ModelContext, trip: Trip, stops: [PersistentIdentifier]) {
        let writer = ModelContext(try store.container())
        let alps = trip(in: writer)
        alps.stops = ["Zermatt", "Andermatt", "Bern"].map(Stop.init)
        try writer.save()
        let context = ModelContext(try store.container())
        let trip = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        return (context, trip, alps.stops.map(\.persistentModelID))
    }

    @Test(arguments: StoreKind.available)
    func cascadeDeletesChildrenTheContextNeverRead(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let (context, trip, _) = try savedTripReadAfresh(store)
        context.delete(trip)
        try context.save()
        #expect(try ModelContext(try store.container()).fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    @Test(arguments: StoreKind.available)
    func cascadeToChildrenWithOnlyTheirParentDoesNotLoadThem(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let (context, trip, stops) = try savedTripReadAfresh(store)
        context.delete(trip)
        try context.save()
        #expect(stops.allSatisfy { (context.registeredModel(for: $0) as Stop?) == nil })
    }

    @Test(arguments: StoreKind.available)
    func didSaveNamesTheChildrenACascadeDeletedUnread(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let (context, trip, stops) = try savedTripReadAfresh(store)
        let tripID = trip.persistentModelID
        nonisolated(unsafe) var deleted: [PersistentIdentifier] = []
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
            deleted = note.userInfo?[ModelContext.NotificationKey.deletedIdentifiers.rawValue] as? [PersistentIdentifier] ?? []
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        context.delete(trip)
        try context.save()
        #expect(Set(deleted) == Set([tripID] + stops))
    }

    @Test(arguments: StoreKind.available)
    func aFetchBeforeTheSaveLeavesOutChildrenOfADeletedParent(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let (context, trip, _) = try savedTripReadAfresh(store)
        context.delete(trip)
        context.processPendingChanges()
        #expect(try context.fetch(FetchDescriptor<Stop>()).isEmpty)
        #expect(try context.fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    @Test(arguments: StoreKind.available)
    func aChildReadBeforeItsParentIsDeletedGoesWithIt(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let (context, trip, _) = try savedTripReadAfresh(store)
        let stops = try context.fetch(FetchDescriptor<Stop>())
        context.delete(trip)
        try context.save()
        #expect(stops.count == 3)
        #expect(stops.allSatisfy { $0.modelContext == nil })
        #expect(try context.fetch(FetchDescriptor<Stop>()).isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func nullifyClearsTheInverseOfTheDeletedModel(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Trip.self])
        let context = ModelContext(try store.container())
        let alps = trip(in: context)
        let ann = Traveler(email: "ann@example.com")
        alps.travelers = [ann]
        try context.save()
        context.delete(alps)
        try context.save()
        let read = try #require(try ModelContext(try store.container()).fetch(FetchDescriptor<Traveler>()).first)
        #expect(read.trips.isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func denyRefusesTheDeleteAndWritesNothing(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Shelf.self])
        let context = ModelContext(try store.container())
        let shelf = Shelf(label: "A")
        context.insert(shelf)
        shelf.books = [Book(title: "Dune", pages: 412)]
        try context.save()
        context.delete(shelf)
        #expect(throws: (any Error).self) { try context.save() }
        let fresh = ModelContext(try store.container())
        #expect(try fresh.fetchCount(FetchDescriptor<Shelf>()) == 1)
        #expect(try fresh.fetch(FetchDescriptor<Book>()).first?.shelf?.label == "A")
    }

    @Test(arguments: StoreKind.available(for: .checksSavesAgainstOtherContainers))
    func denyHoldsAgainstAnotherContainersConcurrentInsert(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Shelf.self])
        let first = ModelContext(try store.container())
        let shelf = Shelf(label: "A")
        first.insert(shelf)
        try first.save()
        // Another instance of the program puts a book on the shelf while this one,
        // having seen it empty, deletes it.
        first.delete(shelf)
        let second = ModelContext(try store.container())
        let book = Book(title: "Dune", pages: 412)
        second.insert(book)
        book.shelf = try second.fetch(FetchDescriptor<Shelf>()).first
        try second.save()
        #expect(throws: (any Error).self) { try first.save() }
        let fresh = ModelContext(try store.container())
        #expect(try fresh.fetchCount(FetchDescriptor<Shelf>()) == 1)
        #expect(try fresh.fetch(FetchDescriptor<Book>()).first?.shelf?.label == "A")
    }
}
