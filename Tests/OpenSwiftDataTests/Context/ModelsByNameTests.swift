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

/// A label that always names its shelf: its to-one is not optional.
@Model
final class ByNameLabel {
    var text: String
    var shelf: ByNameShelf
    init(text: String, shelf: ByNameShelf) { self.text = text; self.shelf = shelf }
}

/// Models read and written by entity and property name (`ModelContext+ModelsByName`).
@Suite struct ModelsByNameTests {
    @Test("a model made and filled by name saves and reads back by its row number")
    func insertAndFind() throws {
        let container = try inMemoryContainer(ByNameShelf.self, ByNameBook.self)
        let context = ModelContext(container)
        let book = try context.emptyModel(entityName: "ByNameBook")
        try context.setAttribute(named: "title", of: book, to: .text("Dune"))
        try context.setAttribute(named: "pages", of: book, to: .integer(412))
        context.insert(book)
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

    @Test("a model whose to-one must name a model is made by name when that model is given before it is inserted")
    func requiredToOneGivenBeforeInsert() throws {
        let container = try inMemoryContainer(ByNameShelf.self, ByNameBook.self, ByNameLabel.self)
        let context = ModelContext(container)
        let shelf = ByNameShelf(label: "A")
        context.insert(shelf)
        try context.save()
        let label = try context.emptyModel(entityName: "ByNameLabel")
        try context.setAttribute(named: "text", of: label, to: .text("fiction"))
        try context.setRelationship(named: "shelf", of: label, to: [shelf])
        context.insert(label)
        try context.save()

        let found = try ModelContext(container).model(entityName: "ByNameLabel", rowID: label.persistentModelID.rowID) as? ByNameLabel
        #expect(found?.text == "fiction" && found?.shelf.label == "A")
    }

    @Test("the models a relationship holds are read by its name, in order")
    func relatedModelsByName() throws {
        let container = try inMemoryContainer(ByNameShelf.self, ByNameBook.self)
        let context = ModelContext(container)
        let shelf = ByNameShelf(label: "A")
        context.insert(shelf)
        shelf.books = [ByNameBook(title: "2"), ByNameBook(title: "1")]
        #expect(try context.relatedModels(named: "books", of: shelf).compactMap { ($0 as? ByNameBook)?.title } == ["2", "1"])
        #expect(try context.relatedModels(named: "shelf", of: shelf.books[0]).first === shelf)
        #expect(throws: OpenSwiftDataError.self) { try context.relatedModels(named: "title", of: shelf.books[0]) }
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
        #expect(throws: OpenSwiftDataError.self) { try context.emptyModel(entityName: "Nothing") }
        #expect(book.title == "kept")
    }
}
