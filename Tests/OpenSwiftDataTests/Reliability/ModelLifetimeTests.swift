import Foundation
import OpenSwiftData
import Testing

/// Models outlive their contexts in ordinary code; none of it stops the program.
@Suite struct ModelLifetimeTests {
    /// A saved trip with two stops in a fresh file store.
    func savedTrip() throws -> (TestStore, ModelContainer) {
        let store = TestStore()
        let container = try store.container(Trip.self, Stop.self)
        let context = ModelContext(container)
        let trip = Trip(name: "Lisbon")
        context.insert(trip)
        trip.stops = [Stop(name: "Alfama"), Stop(name: "Belém")]
        try context.save()
        return (store, container)
    }

    @Test("a model fetched by a context that is then released still loads its to-one relationship")
    func toOneLoadsAfterTheContextIsReleased() throws {
        let (store, container) = try savedTrip()
        let stops = try ModelContext(container).fetch(FetchDescriptor<Stop>(sortBy: [SortDescriptor(\.name)]))
        #expect(stops.first?.trip?.name == "Lisbon")
        withExtendedLifetime(store) {}
    }

    @Test("a model fetched by a context that is then released still loads its to-many relationship")
    func toManyLoadsAfterTheContextIsReleased() throws {
        let (store, container) = try savedTrip()
        let trips = try ModelContext(container).fetch(FetchDescriptor<Trip>())
        #expect(trips.first?.stops.map(\.name).sorted() == ["Alfama", "Belém"])
        withExtendedLifetime(store) {}
    }

    @Test("a model whose context was released keeps its values and its identifier")
    func valuesAndIdentityOutliveTheContext() throws {
        let (store, container) = try savedTrip()
        var context: ModelContext? = ModelContext(container)
        let trip = try #require(try context?.fetch(FetchDescriptor<Trip>()).first)
        let id = trip.persistentModelID
        context = nil
        #expect(trip.name == "Lisbon")
        #expect(trip.persistentModelID == id)
        #expect(ModelContext(container).model(for: id) is Trip)
        withExtendedLifetime(store) {}
    }

    @Test("an edit to a model whose context was released is not saved, and does not stop the program")
    func editsAfterReleaseAreNotSaved() throws {
        let (store, container) = try savedTrip()
        let trip = try #require(try ModelContext(container).fetch(FetchDescriptor<Trip>()).first)
        trip.name = "Porto"
        #expect(trip.name == "Porto")
        #expect(try ModelContext(container).fetch(FetchDescriptor<Trip>()).map(\.name) == ["Lisbon"])
        withExtendedLifetime(store) {}
    }

    @Test("models no one uses are released with their context")
    func unusedModelsAreReleasedWithTheContext() throws {
        let (store, container) = try savedTrip()
        weak var released: Trip?
        do {
            let context = ModelContext(container)
            released = try context.fetch(FetchDescriptor<Trip>()).first
            #expect(released != nil)
        }
        #expect(released == nil)
        withExtendedLifetime(store) {}
    }

    @Test("models that outlived their context are released once no one uses them")
    func survivorsAreReleasedLater() throws {
        let (store, container) = try savedTrip()
        weak var released: Stop?
        do {
            var stops: [Stop]? = try ModelContext(container).fetch(FetchDescriptor<Stop>())
            released = stops?.first
            #expect(released?.trip?.name == "Lisbon")
            stops = nil
        }
        #expect(released == nil)
        withExtendedLifetime(store) {}
    }

    @Test("models that hold each other are released with their context, and then the container and its store")
    func relatedModelsDoNotKeepEachOtherAlive() throws {
        let store = TestStore()
        weak var released: Trip?
        weak var releasedContainer: ModelContainer?
        do {
            let container = try store.container(Trip.self, Stop.self)
            releasedContainer = container
            let context = ModelContext(container)
            let trip = Trip(name: "Lisbon")
            context.insert(trip)
            trip.stops = [Stop(name: "Alfama")]
            try context.save()
            #expect(trip.stops.first?.trip === trip, "trip and stop hold each other")
            released = trip
        }
        #expect(released == nil)
        #expect(releasedContainer == nil)
        #expect(!FileManager.default.fileExists(atPath: store.url.path + "-wal"), "the last connection closed and removed the log")
    }

    @Test("a deleted model's relationships read as empty once the deletion is saved")
    func deletedModelsRelationshipsReadEmpty() throws {
        let (store, container) = try savedTrip()
        let context = ModelContext(container)
        let stop = try #require(try context.fetch(FetchDescriptor<Stop>()).first)
        context.delete(stop)
        try context.save()
        #expect(stop.trip == nil)
        #expect(stop.name == "Alfama" || stop.name == "Belém", "a deleted model keeps the values it had")
        withExtendedLifetime(store) {}
    }

    @Test("a new model given two required to-ones while its first inverse joins it to a context logs nothing")
    func aNewModelWithTwoRequiredToOnesLogsNothing() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Kennel.self, Walker.self, Dog.self))
        let kennel = Kennel(name: "north")
        let walker = Walker(name: "Ana")
        context.insert(kennel)
        context.insert(walker)
        try context.save()
        let recorder = LogRecorder()
        let dog = LogRecorder.$current.withValue(recorder) { Dog(name: "Rex", kennel: kennel, walker: walker) }
        #expect(recorder.messages == [], "the inverse upkeep read a relationship of the stand-in the insert gave the walker")
        #expect(dog.walker === walker && walker.dogs.contains { $0 === dog })
    }
}

/// A dog must have a kennel and a walker: joining the kennel's dogs puts it in the
/// kennel's context before its initialiser has set its walker.
@Model final class Dog {
    var name: String
    var kennel: Kennel
    var walker: Walker
    init(name: String, kennel: Kennel, walker: Walker) { self.name = name; self.kennel = kennel; self.walker = walker }
}

@Model final class Kennel {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Dog.kennel) var dogs: [Dog] = []
    init(name: String) { self.name = name }
}

@Model final class Walker {
    var name: String
    @Relationship(inverse: \Dog.walker) var dogs: [Dog] = []
    init(name: String) { self.name = name }
}
