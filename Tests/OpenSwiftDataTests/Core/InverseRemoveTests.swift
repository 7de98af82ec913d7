import Foundation
import OpenSwiftData
import Testing

/// A to-many relationship shrunk through its inverse, one to-one at a time: models moving
/// to another owner, the path that takes each out in place rather than diffing the array.
@Suite struct InverseRemoveTests {
    /// An author with `count` books, saved, and a second author with none, in a context the
    /// caller keeps (models whose context is gone keep no inverse in step).
    private func twoAuthors(books count: Int) throws -> (ModelContainer, ModelContext, Author, Author, [Book]) {
        let container = try inMemoryContainer(Author.self, Book.self, Tag.self)
        let context = ModelContext(container)
        let (first, second) = (Author(name: "Le Guin"), Author(name: "Butler"))
        context.insert(first)
        context.insert(second)
        let books = (0..<count).map { Book(title: "Book \($0)") }
        for book in books { book.author = first }
        try context.save()
        return (container, context, first, second, books)
    }

    @Test func movingManyMembersToAnotherModelTakesEachOutOfTheFirstInOrder() throws {
        let (_, context, first, second, books) = try twoAuthors(books: 1_000)
        defer { withExtendedLifetime(context) {} }
        for book in books.dropFirst() { book.author = second }
        #expect(first.books.map(\.title) == ["Book 0"])
        #expect(second.books.map(\.title) == books.dropFirst().map(\.title))
    }

    @Test func aToManyShrunkThroughItsInverseIsSavedWhole() throws {
        let (container, context, _, second, books) = try twoAuthors(books: 300)
        for book in books.prefix(200) { book.author = second }
        try context.save()
        let authors = try ModelContext(container).fetch(FetchDescriptor<Author>(sortBy: [SortDescriptor(\.name)]))
        #expect(authors.map(\.books.count) == [200, 100])
    }

    @Test func observersOfAToManyHearOfAMemberTakenOutThroughItsInverse() throws {
        let (_, context, first, second, books) = try twoAuthors(books: 2)
        defer { withExtendedLifetime(context) {} }
        _ = first.books
        nonisolated(unsafe) var changed = false
        withObservationTracking { _ = first.books } onChange: { changed = true }
        books[0].author = second
        #expect(changed)
    }

    @Test func anArrayHeldBeforeAMemberIsTakenOutThroughTheInverseKeepsItsMembers() throws {
        let (_, context, first, second, books) = try twoAuthors(books: 2)
        defer { withExtendedLifetime(context) {} }
        let before = first.books
        books[0].author = second
        #expect(before.map(\.title) == ["Book 0", "Book 1"])
        #expect(first.books.map(\.title) == ["Book 1"])
    }

    @Test func aMemberMovedWithUndoOnIsPutBackByUndo() throws {
        let (_, context, first, second, books) = try twoAuthors(books: 2)
        context.undoManager = UndoManager()
        _ = first.books
        books[0].author = second
        context.undoManager?.undo()
        #expect(Set(first.books.map(\.title)) == ["Book 0", "Book 1"])
        #expect(second.books.isEmpty)
    }
}
