import Foundation
@testable import OpenSwiftData
import Testing

/// A save checks that the relationships of the models it writes hold no model of
/// another context; it looks only at what is in memory, so a to-many relationship the
/// context never read stays unread (its members are not fetched at each save).
@Suite struct UnreadRelationshipSaveTests {
    @Test func savingAChangedModelLeavesItsUnreadToManyRelationshipUnread() throws {
        let store = TestStore()
        let container = try store.container(Author.self, Book.self, Tag.self)
        let writer = ModelContext(container)
        let author = Author(name: "Le Guin")
        writer.insert(author)
        for index in 0..<3 { Book(title: "Stored \(index)").author = author }
        try writer.save()
        let bookIDs = try ModelContext(container).fetchIdentifiers(FetchDescriptor<Book>())

        let context = ModelContext(container)
        let fetched = try #require(try context.fetch(FetchDescriptor<Author>()).first)
        fetched.name = "Ursula K. Le Guin"
        try context.save()

        #expect(bookIDs.count == 3)
        #expect(bookIDs.allSatisfy { (context.registeredModel(for: $0) as Book?) == nil })
        #expect(fetched.books.map(\.title) == ["Stored 0", "Stored 1", "Stored 2"])
    }

    @Test func aReadToManyRelationshipHoldingAnotherContextsModelIsRefusedAtSave() throws {
        let container = try inMemoryContainer(Author.self)
        let first = ModelContext(container), second = ModelContext(container)
        first.insert(Author(name: "A"))
        let book = Book(title: "T")
        first.insert(book)
        try first.save()
        let author = try #require(try second.fetch(FetchDescriptor<Author>()).first)
        author.books.append(book)
        #expect(throws: OpenSwiftDataError.modelInAnotherContext(entity: "Book")) { try second.save() }
    }
}
