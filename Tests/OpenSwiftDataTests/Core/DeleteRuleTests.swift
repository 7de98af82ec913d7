import Foundation
import OpenSwiftData
import Testing

@Suite struct DeleteRuleTests {
    @Test func cascadeDeletesChildrenAtSave() throws {
        let container = try inMemoryContainer(Author.self)
        let context = ModelContext(container)
        let author = Author(name: "A")
        author.books = [Book(title: "1"), Book(title: "2")]
        context.insert(author)
        try context.save()
        context.delete(author)
        try context.save()
        let reader = ModelContext(container)
        #expect(try reader.fetchCount(FetchDescriptor<Book>()) == 0)
        #expect(try reader.fetchCount(FetchDescriptor<Author>()) == 0)
    }

    @Test func cascadeIsTransitive() throws {
        let container = try inMemoryContainer(Person.self)
        let context = ModelContext(container)
        let root = Person(name: "root"), child = Person(name: "child"), grandchild = Person(name: "grandchild")
        root.children = [child]
        child.children = [grandchild]
        context.insert(root)
        try context.save()
        context.delete(root)
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Person>()) == 0)
    }

    @Test func cascadedModelsAppearInDeletedModelsArrayAfterProcessingPendingChanges() throws {
        let context = ModelContext(try inMemoryContainer(Author.self))
        let author = Author(name: "A")
        author.books = [Book(title: "1")]
        context.insert(author)
        try context.save()
        context.delete(author)
        context.processPendingChanges()
        #expect(context.deletedModelsArray.count == 2)
    }

    @Test func nullifyClearsTheInverseOfRemainingModels() throws {
        let container = try inMemoryContainer(Person.self)
        let context = ModelContext(container)
        let person = Person(name: "P")
        let passport = Passport(number: "X")
        person.passport = passport
        context.insert(person)
        try context.save()
        context.delete(person)
        try context.save()
        #expect(passport.holder == nil)
        let reader = ModelContext(container)
        let stored = try reader.fetch(FetchDescriptor<Passport>())
        #expect(stored.count == 1)
        #expect(stored.first?.holder == nil)
    }

    /// A saved locker holding fifty coats, `c0` to `c49`.
    private func lockerWithCoats() throws -> (ModelContainer, ModelContext, Locker, [Coat]) {
        let container = try inMemoryContainer(Locker.self)
        let context = ModelContext(container)
        let locker = Locker(label: "Top")
        context.insert(locker)
        let coats = (0..<50).map { Coat(color: "c\($0)", locker: locker) }
        try context.save()
        return (container, context, locker, coats)
    }

    @Test func deletingAModelWithManyNullifiedMembersLeavesEachWithoutIt() throws {
        let (container, context, locker, coats) = try lockerWithCoats()
        context.delete(locker)
        try context.save()
        #expect(coats.allSatisfy { $0.locker == nil })
        let stored = try ModelContext(container).fetch(FetchDescriptor<Coat>())
        #expect(stored.count == 50)
        #expect(stored.allSatisfy { $0.locker == nil })
    }

    @Test func deletingManyMembersOfOneModelTakesEachOutOfItsSide() throws {
        let (container, context, locker, coats) = try lockerWithCoats()
        for coat in coats.dropFirst() { context.delete(coat) }
        try context.save()
        #expect(locker.coats.map(\.color) == ["c0"])
        let stored = try ModelContext(container).fetch(FetchDescriptor<Locker>())
        #expect(stored.first?.coats.map(\.color) == ["c0"])
    }

    @Test func nullifyIsTheDefaultRuleForAToOne() throws {
        let container = try inMemoryContainer(Author.self)
        let context = ModelContext(container)
        let author = Author(name: "A")
        let book = Book(title: "T", author: author)
        context.insert(author)
        try context.save()
        context.delete(book)
        try context.save()
        #expect(author.books.isEmpty)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Author>()) == 1)
    }

    @Test func denyMakesTheSaveThrowNamingTheRelationship() throws {
        let context = ModelContext(try inMemoryContainer(Library.self))
        let library = Library(name: "Central")
        library.shelves = [Shelf(code: "A1")]
        context.insert(library)
        try context.save()
        context.delete(library)
        #expect(throws: OpenSwiftDataError.deleteDenied(entity: "Library", relationship: "shelves", relatedCount: 1)) {
            try context.save()
        }
    }

    @Test func deniedDeleteWritesNothingAndKeepsPendingChanges() throws {
        let container = try inMemoryContainer(Library.self)
        let context = ModelContext(container)
        let library = Library(name: "Central")
        library.shelves = [Shelf(code: "A1")]
        context.insert(library)
        try context.save()
        library.name = "Renamed"
        context.delete(library)
        #expect(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(context.hasChanges)
        #expect(library.isDeleted)
        let reader = ModelContext(container)
        #expect(try reader.fetch(FetchDescriptor<Library>()).map(\.name) == ["Central"])
        #expect(try reader.fetchCount(FetchDescriptor<Shelf>()) == 1)
    }

    @Test func denyAllowsTheDeleteOnceTheRelationshipIsEmpty() throws {
        let container = try inMemoryContainer(Library.self)
        let context = ModelContext(container)
        let library = Library(name: "Central")
        let shelf = Shelf(code: "A1")
        library.shelves = [shelf]
        context.insert(library)
        try context.save()
        context.delete(shelf)
        context.delete(library)
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Library>()) == 0)
    }

    @Test func noActionLeavesRelatedModelsUntouched() throws {
        let container = try inMemoryContainer(Playlist.self)
        let context = ModelContext(container)
        let list = Playlist(name: "p")
        list.books = [Book(title: "kept")]
        context.insert(list)
        try context.save()
        context.delete(list)
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Book>()).map(\.title) == ["kept"])
    }

    @Test func deletingAnUnsavedModelJustForgetsIt() throws {
        let container = try inMemoryContainer(Author.self)
        let context = ModelContext(container)
        let author = Author(name: "A")
        context.insert(author)
        context.delete(author)
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Author>()) == 0)
    }
}

/// Cascades the store runs as one DELETE: children nothing else refers to.
@Suite struct StoreCascadeTests {
    private func savedTrip(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        let trip = Trip(name: "Rome")
        trip.stops = [Stop(name: "Forum"), Stop(name: "Pantheon")]
        context.insert(trip)
        try context.save()
    }

    @Test func childrenNeverLoadedAreDeletedWithTheirParent() throws {
        let container = try inMemoryContainer(Trip.self)
        try savedTrip(container)
        let context = ModelContext(container)
        for trip in try context.fetch(FetchDescriptor<Trip>()) { context.delete(trip) }
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    @Test func childrenNeverLoadedAreInTheDidSaveNotification() throws {
        let container = try inMemoryContainer(Trip.self)
        try savedTrip(container)
        let stopIDs = try ModelContext(container).fetchIdentifiers(FetchDescriptor<Stop>())
        let context = ModelContext(container)
        let tripIDs = try context.fetch(FetchDescriptor<Trip>()).map { trip in
            context.delete(trip)
            return trip.persistentModelID
        }
        nonisolated(unsafe) var deleted: [PersistentIdentifier] = []
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
            deleted = note.userInfo?[ModelContext.NotificationKey.deletedIdentifiers.rawValue] as? [PersistentIdentifier] ?? []
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try context.save()
        #expect(Set(deleted) == Set(tripIDs + stopIDs))
        #expect(stopIDs.count == 2)
    }

    @Test func childrenInMemoryLeaveTheContextWithTheirParent() throws {
        let container = try inMemoryContainer(Trip.self)
        try savedTrip(container)
        let context = ModelContext(container)
        let stops = try context.fetch(FetchDescriptor<Stop>())
        for trip in try context.fetch(FetchDescriptor<Trip>()) { context.delete(trip) }
        context.processPendingChanges()
        #expect(stops.allSatisfy { $0.isDeleted })
        try context.save()
        #expect(stops.allSatisfy { $0.modelContext == nil })
        #expect(try context.fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    @Test func childrenOfOtherParentsStay() throws {
        let container = try inMemoryContainer(Trip.self)
        try savedTrip(container)
        let context = ModelContext(container)
        let kept = Trip(name: "Kept", startDate: Date(timeIntervalSinceReferenceDate: 1))
        kept.stops = [Stop(name: "Stays")]
        context.insert(kept)
        try context.save()
        for trip in try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Rome" })) { context.delete(trip) }
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Stop>()).map(\.name) == ["Stays"])
    }

    @Test func rollbackForgetsAStoreCascade() throws {
        let container = try inMemoryContainer(Trip.self)
        try savedTrip(container)
        let context = ModelContext(container)
        for trip in try context.fetch(FetchDescriptor<Trip>()) { context.delete(trip) }
        context.processPendingChanges()
        context.rollback()
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 2)
    }
}

/// A one-to-many relationship whose members a delete of their owner keeps (`.nullify`).
@Model final class Locker {
    var label: String
    @Relationship(deleteRule: .nullify, inverse: \Coat.locker) var coats: [Coat] = []
    init(label: String) { self.label = label }
}

@Model final class Coat {
    var color: String
    var locker: Locker?
    init(color: String, locker: Locker?) {
        self.color = color
        self.locker = locker
    }
}
