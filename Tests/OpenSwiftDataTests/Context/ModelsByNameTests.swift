import Foundation
@testable import OpenSwiftData
import Testing

@Model
final class ByNameShelf {
    var label: String
    @Relationship(deleteRule: .nullify, inverse: \ByNameBook.shelf) var books: [ByNameBook] = []
    init(label: String) { self.label = label }
}

@Model
final class ByNameBook {
    var title: String
    var pages: Int?
    var shelf: ByNameShelf?
    init(title: String, pages: Int? = nil) { self.title = title; self.pages = pages }
}

/// Models read and written by entity and property name (`ModelContext+ModelsByName`).
@Suite struct ModelsByNameTests {
    @Test("a model made and filled by name saves and reads back by its row number")
    func insertAndFind() throws {
        let container = try inMemoryContainer(ByNameShelf.self, ByNameBook.self)
        let context = ModelContext(container)
        let book = try context.insertEmptyModel(entityName: "ByNameBook")
        try context.setAttribute(named: "title", of: book, to: .text("Dune"))
        try context.setAttribute(named: "pages", of: book, to: .integer(412))
        try context.save()

        let other = ModelContext(container)
        let found = try other.model(entityName: "ByNameBook", rowID: book.persistentModelID.rowID) as? ByNameBook
        #expect(found?.title == "Dune" && found?.pages == 412)
        #expect(try other.model(entityName: "ByNameBook", rowID: 999) == nil)
    }

    @Test("setting a to-many by name keeps the order given and sets each member's inverse")
    func relationshipByName() throws {
        let container = try inMemoryContainer(ByNameShelf.self, ByNameBook.self)
        let context = ModelContext(container)
        let shelf = ByNameShelf(label: "A")
        let first = ByNameBook(title: "1"), second = ByNameBook(title: "2")
        [first, second].forEach(context.insert)
        context.insert(shelf)
        try context.setRelationship(named: "books", of: shelf, to: [second, first])
        try context.save()
        #expect(shelf.books.map(\.title) == ["2", "1"])
        #expect(first.shelf === shelf && second.shelf === shelf)
    }

    @Test("a null for a required attribute, a wrong type and an unknown name are refused")
    func refusals() throws {
        let container = try inMemoryContainer(ByNameShelf.self, ByNameBook.self)
        let context = ModelContext(container)
        let book = ByNameBook(title: "kept")
        context.insert(book)
        #expect(throws: OpenSwiftDataError.self) { try context.setAttribute(named: "title", of: book, to: .null) }
        #expect(throws: OpenSwiftDataError.self) { try context.setAttribute(named: "pages", of: book, to: .text("many")) }
        #expect(throws: OpenSwiftDataError.self) { try context.setAttribute(named: "nothing", of: book, to: .integer(1)) }
        #expect(throws: OpenSwiftDataError.self) { try context.setRelationship(named: "shelf", of: book, to: [ByNameBook(title: "x")]) }
        #expect(throws: OpenSwiftDataError.self) { try context.insertEmptyModel(entityName: "Nothing") }
        #expect(book.title == "kept")
    }
}
