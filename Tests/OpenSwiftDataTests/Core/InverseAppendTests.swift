import Foundation
import OpenSwiftData
import Testing

/// A to-many relationship grown through its inverse, one to-one at a time: the way an
/// import builds it, and the path that appends in place rather than copying the array.
@Suite struct InverseAppendTests {
    @Test func settingManyToOnesAppendsEachModelOnceInTheOrderSet() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Le Guin")
        context.insert(author)
        let books = (0..<1_000).map { Book(title: "Book \($0)") }
        for book in books { book.author = author }
        #expect(author.books.count == 1_000)
        #expect(author.books.map(\.title) == books.map(\.title))
    }

    @Test func settingTheSameToOneAgainKeepsTheModelOnceWhereItWas() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Le Guin")
        context.insert(author)
        let first = Book(title: "The Dispossessed")
        first.author = author
        Book(title: "The Lathe of Heaven").author = author
        first.author = author
        #expect(author.books.map(\.title) == ["The Dispossessed", "The Lathe of Heaven"])
    }

    @Test func aToManyGrownThroughItsInverseIsSavedWhole() throws {
        let store = TestStore()
        let container = try store.container(Author.self, Book.self, Tag.self)
        let context = ModelContext(container)
        let author = Author(name: "Le Guin")
        context.insert(author)
        try context.save()
        for index in 0..<300 { Book(title: "Book \(index)").author = author }
        try context.save()
        let other = ModelContext(container)
        let fetched = try #require(try other.fetch(FetchDescriptor<Author>()).first)
        #expect(fetched.books.count == 300)
    }

    @Test func observersOfAToManyHearOfAMemberAddedThroughItsInverse() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Le Guin")
        context.insert(author)
        Book(title: "First").author = author
        nonisolated(unsafe) var changed = false
        withObservationTracking { _ = author.books } onChange: { changed = true }
        Book(title: "Second").author = author
        #expect(changed)
    }

    @Test func anArrayHeldBeforeAMemberIsAddedThroughTheInverseKeepsItsMembers() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Le Guin")
        context.insert(author)
        Book(title: "First").author = author
        let before = author.books
        Book(title: "Second").author = author
        #expect(before.map(\.title) == ["First"])
        #expect(author.books.map(\.title) == ["First", "Second"])
    }

    @Test func anOptionalToManyGrownThroughItsInverseHoldsEachModelOnceWhereItWasAdded() throws {
        let context = ModelContext(try inMemoryContainer(Library.self, Shelf.self))
        let library = Library(name: "Central")
        context.insert(library)
        let shelves = (0..<100).map { Shelf(code: "S\($0)") }
        for shelf in shelves { shelf.library = library }
        shelves[0].library = library
        #expect(library.shelves?.map(\.code) == shelves.map(\.code))
    }

    @Test func aMemberAddedThroughTheInverseWithUndoOnIsRemovedByUndo() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        context.undoManager = UndoManager()
        let author = Author(name: "Le Guin")
        context.insert(author)
        try context.save()
        Book(title: "The Dispossessed").author = author
        context.undoManager?.undo()
        #expect(author.books.isEmpty)
    }

    @Test func aNewModelAppendedToAnOwnerThenGivenItAsItsToOneIsAMemberOnce() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Le Guin")
        context.insert(author)
        let book = Book(title: "The Dispossessed")
        author.books.append(book)
        book.author = author
        #expect(author.books.map(\.title) == ["The Dispossessed"])
    }

    @Test func newModelsGivenAWholeListThenTheirToOneAreEachAMemberOnce() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let author = Author(name: "Le Guin")
        context.insert(author)
        let books = (0..<3).map { Book(title: "Book \($0)") }
        author.books = books
        for book in books { book.author = author }
        #expect(author.books.map(\.title) == ["Book 0", "Book 1", "Book 2"])
    }

    @Test func aNewModelMovedBetweenOwnersLeavesTheFirstAndJoinsTheSecondOnce() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Tag.self))
        let first = Author(name: "Le Guin"), second = Author(name: "Butler")
        context.insert(first)
        context.insert(second)
        let book = Book(title: "Kindred")
        book.author = first
        book.author = second
        book.author = first
        book.author = second
        #expect(first.books.isEmpty)
        #expect(second.books.map(\.title) == ["Kindred"])
    }

    @Test func aModelWhoseToOneIsSetBeforeItsOwnerIsInsertedIsAMemberOnceAfterTheSave() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Author.self, Book.self, Tag.self))
        let author = Author(name: "Le Guin")
        let book = Book(title: "The Dispossessed", author: author)
        context.insert(book)
        book.author = author
        try context.save()
        #expect(author.books.map(\.title) == ["The Dispossessed"])
        let reread = try #require(try ModelContext(try store.container(Author.self, Book.self, Tag.self)).fetch(FetchDescriptor<Author>()).first)
        #expect(reread.books.map(\.title) == ["The Dispossessed"])
    }
}
