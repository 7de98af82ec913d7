import Foundation
@testable import OpenSwiftData
import Testing

/// A member appended, through its to-one, to a saved model's to-many relationship that
/// is not in memory: the context records it rather than loading every stored member,
/// and the relationship reads, saves, rolls back and cascades as if it had loaded them.
@Suite struct AppendWithoutLoadingTests {
    /// A store with an author of `count` saved books, and a new context that has
    /// fetched the author but not its books.
    struct Shelf {
        let store = TestStore()
        let container: ModelContainer
        let context: ModelContext
        let author: Author

        init(books count: Int) throws {
            container = try store.container(Author.self, Book.self, Tag.self)
            let writer = ModelContext(container)
            let author = Author(name: "Le Guin")
            writer.insert(author)
            for index in 0..<count { Book(title: "Stored \(index)").author = author }
            try writer.save()
            context = ModelContext(container)
            self.author = try #require(try context.fetch(FetchDescriptor<Author>()).first)
        }

        func savedTitles() throws -> [String] {
            let reader = ModelContext(container)
            return try #require(try reader.fetch(FetchDescriptor<Author>()).first).books.map(\.title)
        }
    }

    @Test func settingTheToOneOfANewMemberLeavesTheStoredMembersUnread() throws {
        let shelf = try Shelf(books: 3)
        Book(title: "New").author = shelf.author
        #expect(shelf.context.pendingAppends.count == 1)
        #expect(shelf.context.hasChanges)
    }

    @Test func appendedMembersAreSavedAfterTheStoredOnesInTheOrderSet() throws {
        let shelf = try Shelf(books: 3)
        for title in ["New 0", "New 1", "New 2"] { Book(title: title).author = shelf.author }
        try shelf.context.save()
        #expect(try shelf.savedTitles() == ["Stored 0", "Stored 1", "Stored 2", "New 0", "New 1", "New 2"])
    }

    @Test func readingTheRelationshipBeforeTheSaveShowsStoredThenAppendedMembersOnce() throws {
        let shelf = try Shelf(books: 2)
        let new = Book(title: "New")
        new.author = shelf.author
        #expect(shelf.author.books.map(\.title) == ["Stored 0", "Stored 1", "New"])
        #expect(shelf.context.pendingAppends.isEmpty)
        try shelf.context.save()
        #expect(try shelf.savedTitles() == ["Stored 0", "Stored 1", "New"])
    }

    @Test func aMemberMovedFromAnotherModelIsPlacedLast() throws {
        let shelf = try Shelf(books: 2)
        let other = Author(name: "Butler")
        shelf.context.insert(other)
        let moved = Book(title: "Moved")
        moved.author = other
        try shelf.context.save()
        let context = ModelContext(shelf.container)
        let authors = try context.fetch(FetchDescriptor<Author>(sortBy: [SortDescriptor(\.name)]))
        let (butler, leGuin) = (authors[0], authors[1])
        let book = try #require(try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.title == "Moved" })).first)
        book.author = leGuin
        try context.save()
        #expect(try shelf.savedTitles() == ["Stored 0", "Stored 1", "Moved"])
        #expect(butler.books.isEmpty)
    }

    @Test func appendsInTwoSavesKeepTheirOrder() throws {
        let shelf = try Shelf(books: 1)
        Book(title: "First save").author = shelf.author
        try shelf.context.save()
        Book(title: "Second save").author = shelf.author
        try shelf.context.save()
        #expect(try shelf.savedTitles() == ["Stored 0", "First save", "Second save"])
    }

    @Test func rollbackForgetsAnAppendedMember() throws {
        let shelf = try Shelf(books: 2)
        Book(title: "Discarded").author = shelf.author
        shelf.context.rollback()
        #expect(shelf.context.pendingAppends.isEmpty)
        #expect(shelf.author.books.map(\.title) == ["Stored 0", "Stored 1"])
        #expect(try shelf.savedTitles() == ["Stored 0", "Stored 1"])
    }

    @Test func deletingTheOwnerCascadesToAnAppendedMemberNotYetSaved() throws {
        let shelf = try Shelf(books: 2)
        let new = Book(title: "New")
        new.author = shelf.author
        shelf.context.delete(shelf.author)
        try shelf.context.save()
        let reader = ModelContext(shelf.container)
        #expect(try reader.fetchCount(FetchDescriptor<Book>()) == 0)
        #expect(try reader.fetchCount(FetchDescriptor<Author>()) == 0)
    }

    @Test func deletingAnAppendedMemberBeforeTheSaveLeavesTheStoredOnes() throws {
        let shelf = try Shelf(books: 2)
        let new = Book(title: "New")
        new.author = shelf.author
        try shelf.context.save()
        shelf.context.delete(new)
        try shelf.context.save()
        #expect(try shelf.savedTitles() == ["Stored 0", "Stored 1"])
    }

    @Test func withUndoTheRelationshipIsLoadedSoUndoCanRestoreIt() throws {
        let shelf = try Shelf(books: 2)
        shelf.context.undoManager = UndoManager()
        Book(title: "New").author = shelf.author
        #expect(shelf.context.pendingAppends.isEmpty)
        #expect(shelf.author.books.map(\.title) == ["Stored 0", "Stored 1", "New"])
    }

    @Test func anAppendedMemberOfAnotherContextIsRefusedAtSave() throws {
        let shelf = try Shelf(books: 1)
        let elsewhere = ModelContext(shelf.container)
        let foreign = Book(title: "Foreign")
        elsewhere.insert(foreign)
        foreign.author = shelf.author
        #expect(throws: (any Error).self) { try shelf.context.save() }
    }
}
