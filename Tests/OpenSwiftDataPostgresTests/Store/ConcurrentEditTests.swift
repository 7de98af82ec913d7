#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// Two instances of a program (two containers on one database) editing one model at once.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct ConcurrentEditTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema(create: false)
    }

    private func instance() throws -> ModelContext {
        ModelContext(try ModelContainer(for: Shelf.self, Book.self,
                                        configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1)))
    }

    /// Both instances hold the book as saved; each changes something else and saves.
    private func editApart(_ first: (Book) -> Void, _ second: (Book) -> Void) throws -> Book {
        let setup = try instance()
        setup.insert(Book(title: "Dune", pages: 412))
        try setup.save()
        let one = try instance(), two = try instance()
        let bookOne = try #require(try one.fetch(FetchDescriptor<Book>()).first)
        let bookTwo = try #require(try two.fetch(FetchDescriptor<Book>()).first)
        first(bookOne)
        second(bookTwo)
        try one.save()
        try two.save()
        return try #require(try instance().fetch(FetchDescriptor<Book>()).first)
    }

    @Test func changesToDifferentPropertiesOfOneModelAreBothKept() throws {
        let book = try editApart({ $0.title = "Dune Messiah" }, { $0.pages = 256 })
        #expect(book.title == "Dune Messiah")
        #expect(book.pages == 256)
    }

    @Test func aRelationshipAndAnAttributeChangedApartAreBothKept() throws {
        let book = try editApart({ book in
            let shelf = Shelf(label: "Science fiction")
            book.modelContext?.insert(shelf)
            book.shelf = shelf
        }, { $0.subtitle = "Book one" })
        #expect(book.shelf?.label == "Science fiction")
        #expect(book.subtitle == "Book one")
    }

    @Test func theLaterSaveOfOneChangedPropertyWins() throws {
        let book = try editApart({ $0.title = "First" }, { $0.title = "Second" })
        #expect(book.title == "Second")
        #expect(book.pages == 412)
    }

    @Test func aSaveOfManyModelsWritesOnlyWhatEachOfThemChanged() throws {
        let setup = try instance()
        for index in 0..<40 { setup.insert(Book(title: "Book \(index)", pages: 100)) }
        try setup.save()
        let one = try instance(), two = try instance()
        let books = try one.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.title)]))
        // The other instance doubles every page count and saves first.
        for book in try two.fetch(FetchDescriptor<Book>()) { book.pages = 200 }
        try two.save()
        // This one renames the even books and gives the odd ones a subtitle, in one save.
        for (index, book) in books.enumerated() {
            if index.isMultiple(of: 2) { book.title += " (revised)" } else { book.subtitle = "Odd" }
        }
        try one.save()
        let saved = try instance().fetch(FetchDescriptor<Book>())
        #expect(saved.count == 40)
        #expect(saved.allSatisfy { $0.pages == 200 })
        #expect(saved.filter { $0.title.hasSuffix(" (revised)") }.count == 20)
        #expect(saved.filter { $0.subtitle == "Odd" }.count == 20)
        #expect(saved.allSatisfy { $0.title.hasSuffix(" (revised)") != ($0.subtitle == "Odd") })
    }
}
#endif
