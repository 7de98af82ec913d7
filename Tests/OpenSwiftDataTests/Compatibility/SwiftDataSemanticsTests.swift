import Foundation
import OpenSwiftData
import Testing

/// Behaviour real SwiftData apps rely on, as SwiftData's documentation states it.
@Suite struct SwiftDataSemanticsTests {
    @Test("appending a model that the inverse already added leaves it in the to-many once")
    func appendAfterInverseKeepsOneMember() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Le Guin")
        context.insert(author)
        let book = Book(title: "The Dispossessed", author: author)
        author.books.append(book)
        #expect(author.books.count == 1)
        try context.save()
        #expect(author.books.count == 1)
    }

    @Test("appending a member twice keeps the first position, and other members keep their order")
    func appendingAMemberAgainChangesNothing() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Herbert")
        context.insert(author)
        let first = Book(title: "Dune"), second = Book(title: "Children of Dune")
        author.books = [first, second]
        author.books.append(first)
        #expect(author.books.map(\.title) == ["Dune", "Children of Dune"])
        try context.save()
        let stored = try ModelContext(context.container).fetch(FetchDescriptor<Author>()).first
        #expect(stored?.books.map(\.title) == ["Dune", "Children of Dune"])
    }

    @Test("a fetch before saving leaves out what a pending delete cascades to")
    func fetchSeesPendingCascades() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Banks")
        context.insert(author)
        author.books = [Book(title: "Excession")]
        try context.save()
        context.delete(author)
        #expect(try context.fetch(FetchDescriptor<Book>()).isEmpty)
        #expect(try context.fetchCount(FetchDescriptor<Book>()) == 0)
    }

    @Test("a fetch before saving leaves out children the store will delete with their parent")
    func fetchSeesPendingStoreCascades() throws {
        let container = try inMemoryContainer(Trip.self, Stop.self)
        let setup = ModelContext(container)
        let trip = Trip(name: "Kyoto")
        setup.insert(trip)
        trip.stops = [Stop(name: "Gion"), Stop(name: "Arashiyama")]
        try setup.save()
        let context = ModelContext(container)
        let stored = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        context.delete(stored)
        #expect(try context.fetch(FetchDescriptor<Stop>()).isEmpty)
        #expect(try context.fetchCount(FetchDescriptor<Stop>()) == 0)
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    @Test("a fetch that excludes pending changes still returns what a pending delete cascades to")
    func fetchWithoutPendingChangesIgnoresCascades() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Wolfe")
        context.insert(author)
        author.books = [Book(title: "Shadow")]
        try context.save()
        context.delete(author)
        var descriptor = FetchDescriptor<Book>()
        descriptor.includePendingChanges = false
        #expect(try context.fetch(descriptor).count == 1)
    }
}
