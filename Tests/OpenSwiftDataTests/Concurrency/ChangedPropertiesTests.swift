import Foundation
@testable import OpenSwiftData
import Testing

/// A save writes, of each changed model, only the properties set since its last save:
/// another context's (or process's) save of the row's other properties is kept.
@Suite struct ChangedPropertiesTests {
    typealias TwoContexts = MergeRuleTests.TwoContexts

    private func stored(_ contexts: TwoContexts) throws -> Tally {
        try #require(try ModelContext(contexts.container).fetch(FetchDescriptor<Tally>()).first)
    }

    /// The second context renames the tally and saves, then the first sets only its
    /// sequence and saves: the stored tally after both.
    private func renamedBySecondThenSequencedByFirst(_ contexts: TwoContexts) throws -> Tally {
        contexts.inSecond.writer = "second"
        try contexts.second.save()
        contexts.inFirst.sequence = 10
        try contexts.first.save()
        return try stored(contexts)
    }

    @Test("a save keeps another context's saved change to a property this context did not set")
    func anotherContextsChangeToAnotherPropertyIsKept() throws {
        let tally = try renamedBySecondThenSequencedByFirst(try TwoContexts())
        #expect(tally.writer == "second")
        #expect(tally.sequence == 10)
    }

    @Test("the properties a save wrote are not written again by the next save")
    func aSaveEndsTheListOfChangedProperties() throws {
        let contexts = try TwoContexts()
        contexts.inFirst.writer = "first"
        try contexts.first.save()
        #expect(try renamedBySecondThenSequencedByFirst(contexts).writer == "second")
    }

    @Test("a property whose change was rolled back is not written by the next save")
    func aRollbackEndsTheListOfChangedProperties() throws {
        let contexts = try TwoContexts()
        contexts.inFirst.writer = "discarded"
        contexts.first.rollback()
        let tally = try renamedBySecondThenSequencedByFirst(contexts)
        #expect(tally.writer == "second")
        #expect(tally.sequence == 10)
    }

    @Test("a model whose only change is a to-many relationship keeps another context's change to its attributes")
    func aToManyChangeLeavesTheAttributesAlone() throws {
        let store = TestStore()
        let container = try store.container(Playlist.self, Book.self, Author.self, Tag.self)
        let setup = ModelContext(container)
        setup.insert(Playlist(name: "old"))
        setup.insert(Book(title: "b"))
        try setup.save()
        let first = ModelContext(container), second = ModelContext(container)
        let playlist = try #require(try first.fetch(FetchDescriptor<Playlist>()).first)
        let book = try #require(try first.fetch(FetchDescriptor<Book>()).first)
        try #require(try second.fetch(FetchDescriptor<Playlist>()).first).name = "renamed"
        try second.save()
        playlist.books.append(book)
        try first.save()
        let saved = try #require(try ModelContext(container).fetch(FetchDescriptor<Playlist>()).first)
        #expect(saved.name == "renamed")
        #expect(saved.books.map(\.title) == ["b"])
    }

    @Test("a save of a to-many change to a row another context deleted says the row is gone")
    func aToManyChangeToADeletedRowThrows() throws {
        let container = try inMemoryContainer(Playlist.self, Book.self, Author.self, Tag.self)
        let first = ModelContext(container), other = ModelContext(container)
        let playlist = Playlist(name: "p"), book = Book(title: "b")
        first.insert(playlist); first.insert(book)
        try first.save()
        other.delete(try #require(try other.fetch(FetchDescriptor<Playlist>()).first))
        try other.save()
        playlist.books.append(book)
        #expect(throws: OpenSwiftDataError.rowDeleted(entity: "Playlist")) { try first.save() }
    }

    @Test("a to-one relationship set through its inverse is written with the model's other changes")
    func aForeignKeySetThroughTheInverseIsWritten() throws {
        let container = try inMemoryContainer(Author.self, Book.self, Tag.self)
        let context = ModelContext(container)
        let author = Author(name: "a"), book = Book(title: "b")
        context.insert(author); context.insert(book)
        try context.save()
        author.books.append(book)
        book.title = "retitled"
        try context.save()
        let saved = try #require(try ModelContext(container).fetch(FetchDescriptor<Book>()).first)
        #expect(saved.author?.name == "a")
        #expect(saved.title == "retitled")
    }

    @Test("a property past the sixty-fourth counts as a change of every property")
    func aPropertyPastTheSixtyFourthMarksEveryProperty() {
        var changes = ChangedProperties()
        changes.insert(3)
        #expect(changes.contains(3) && !changes.contains(4) && !changes.isAll)
        changes.insert(64)
        #expect(changes.isAll)
        #expect(changes.contains(4) && changes.contains(100))
    }
}
