import Foundation
import OpenSwiftData
import Testing

/// Inserting, reading, updating and deleting models: the same on every store.
@Suite struct CRUDBehaviourTests {
    @Test(arguments: StoreKind.available)
    func everyAttributeTypeReadsBackAsSaved(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Specimen.self])
        let specimen = Specimen()
        specimen.int = -42
        specimen.int8 = -8
        specimen.uint64 = .max
        specimen.double = 2.5
        specimen.float = 1.25
        specimen.bool = true
        specimen.string = "Grüße, 世界"
        specimen.url = URL(string: "https://example.com/a?b=c")
        specimen.date = Date(timeIntervalSinceReferenceDate: 123_456.789)
        specimen.decimal = Decimal(string: "12345678901234567890.123456789")!
        specimen.data = Data([0, 1, 2, 255])
        specimen.priority = .high
        specimen.mood = .excited
        specimen.address = Address(street: "Main St 1", zip: nil)
        specimen.tags = ["a", "b"]
        specimen.optionalInt = 7
        specimen.optionalMood = .calm
        let uuid = specimen.uuid
        do {
            let context = ModelContext(try store.container())
            context.insert(specimen)
            try context.save()
        }
        let read = try #require(try ModelContext(try store.container()).fetch(FetchDescriptor<Specimen>()).first)
        #expect(read.int == -42 && read.int8 == -8 && read.uint64 == .max)
        #expect(read.double == 2.5 && read.float == 1.25 && read.bool)
        #expect(read.string == "Grüße, 世界" && read.url == URL(string: "https://example.com/a?b=c"))
        #expect(read.date == Date(timeIntervalSinceReferenceDate: 123_456.789))
        #expect(read.decimal == Decimal(string: "12345678901234567890.123456789")!)
        #expect(read.uuid == uuid && read.data == Data([0, 1, 2, 255]))
        #expect(read.priority == .high && read.mood == .excited)
        #expect(read.address == Address(street: "Main St 1", zip: nil) && read.tags == ["a", "b"])
        #expect(read.optionalInt == 7 && read.optionalMood == .calm)
    }

    @Test(arguments: StoreKind.available)
    func aSavedModelsIdentifierFindsItInANewContainer(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Book.self])
        let book = Book(title: "Dune", pages: 412)
        let context = ModelContext(try store.container())
        context.insert(book)
        #expect(book.persistentModelID.isTemporary)
        try context.save()
        let id = book.persistentModelID
        #expect(!id.isTemporary)
        let other = ModelContext(try store.container())
        let found = try #require(other.model(for: id) as? Book)
        #expect(found.title == "Dune" && found.pages == 412)
    }

    @Test(arguments: StoreKind.available)
    func anUpdateIsSeenByANewContainer(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Book.self])
        let context = ModelContext(try store.container())
        let book = Book(title: "Dune", pages: 412, subtitle: "Book one")
        context.insert(book)
        try context.save()
        book.pages = 896
        book.subtitle = nil
        try context.save()
        let read = try #require(try ModelContext(try store.container()).fetch(FetchDescriptor<Book>()).first)
        #expect(read.pages == 896)
        #expect(read.subtitle == nil)
    }

    @Test(arguments: StoreKind.available)
    func aDeletedModelIsGoneFromTheStore(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Book.self])
        let context = ModelContext(try store.container())
        let kept = Book(title: "Kept", pages: 1)
        let gone = Book(title: "Gone", pages: 2)
        context.insert(kept)
        context.insert(gone)
        try context.save()
        context.delete(gone)
        try context.save()
        let titles = try ModelContext(try store.container()).fetch(FetchDescriptor<Book>()).map(\.title)
        #expect(titles == ["Kept"])
    }

    /// A delete asks for the row to be gone, which another container's delete already
    /// did: the save succeeds with the rest of its changes (an update of such a row throws
    /// `rowDeleted`, as its values would be lost).
    @Test(arguments: StoreKind.available)
    func deletingAModelAnotherContainerDeletedSavesTheRestOfTheChanges(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Book.self])
        let context = ModelContext(try store.container())
        let kept = Book(title: "Kept", pages: 1)
        let gone = Book(title: "Gone", pages: 2)
        context.insert(kept)
        context.insert(gone)
        try context.save()
        let other = ModelContext(try store.container())
        other.delete(try #require(try other.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.title == "Gone" })).first))
        try other.save()
        context.delete(gone)
        kept.pages = 3
        try context.save()
        let books = try ModelContext(try store.container()).fetch(FetchDescriptor<Book>())
        #expect(books.map(\.title) == ["Kept"])
        #expect(books.map(\.pages) == [3])
    }

    @Test(arguments: StoreKind.available)
    func fetchCountCountsTheSavedModels(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Book.self])
        let context = ModelContext(try store.container())
        for pages in 1...5 { context.insert(Book(title: "B\(pages)", pages: pages)) }
        try context.save()
        let fresh = ModelContext(try store.container())
        #expect(try fresh.fetchCount(FetchDescriptor<Book>()) == 5)
        #expect(try fresh.fetchCount(FetchDescriptor<Book>(predicate: #Predicate { $0.pages > 3 })) == 2)
    }

    /// A store of one saved book, erased.
    private func erasedStore(_ kind: StoreKind) throws -> BehaviourStore {
        let store = try BehaviourStore(kind, for: [Book.self])
        let container = try store.container()
        let context = ModelContext(container)
        context.insert(Book(title: "Dune", pages: 412))
        try context.save()
        try container.erase()
        return store
    }

    @Test(arguments: StoreKind.available)
    func eraseEmptiesTheStore(_ kind: StoreKind) throws {
        let store = try erasedStore(kind)
        #expect(try ModelContext(try store.container()).fetchCount(FetchDescriptor<Book>()) == 0)
    }

    @Test(arguments: StoreKind.available)
    func anErasedStoreSavesNewModels(_ kind: StoreKind) throws {
        let store = try erasedStore(kind)
        let fresh = ModelContext(try store.container())
        fresh.insert(Book(title: "Emma", pages: 474))
        try fresh.save()
        #expect(try ModelContext(try store.container()).fetch(FetchDescriptor<Book>()).map(\.title) == ["Emma"])
    }

    @Test(arguments: StoreKind.available)
    func aModelWhoseToOneNamesItselfIsSavedAloneAndReadBack(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Waypoint.self])
        let loop = Waypoint(name: "Loop")
        let context = ModelContext(try store.container())
        context.insert(loop)
        loop.next = loop
        try context.save()
        let read = try ModelContext(try store.container()).fetch(FetchDescriptor<Waypoint>())
        #expect(read.count == 1)
        #expect(read.first?.next?.persistentModelID == loop.persistentModelID)
    }

    /// SQLite and PostgreSQL give keys in the order models are saved, and a fetch without
    /// a sort returns rows by key; the JSON store keeps no order.
    @Test(arguments: StoreKind.available.filter { $0 != .json })
    func aModelSavedAloneComesAfterTheModelsSavedBeforeIt(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Book.self])
        let context = ModelContext(try store.container())
        for title in ["A", "B", "C"] { context.insert(Book(title: title, pages: 1)) }
        try context.save()
        context.insert(Book(title: "D", pages: 1))
        try context.save()
        let other = ModelContext(try store.container())
        other.insert(Book(title: "E", pages: 1))
        try other.save()
        let titles = try ModelContext(try store.container()).fetch(FetchDescriptor<Book>()).map(\.title)
        #expect(titles == ["A", "B", "C", "D", "E"])
    }
}
