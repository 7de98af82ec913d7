import Foundation
import OpenSwiftData
import Testing

/// Predicates, sorts and windows select and order as Swift does, on every store.
@Suite struct QueryBehaviourTests {
    private func books(_ kind: StoreKind) throws -> BehaviourStore {
        let store = try BehaviourStore(kind, for: [Book.self])
        let context = ModelContext(try store.container())
        for (title, pages, subtitle) in [("Dune", 412, "Book one"), ("Emma", 474, nil), ("Beloved", 324, nil),
                                          ("Ulysses", 730, "A novel"), ("Zazie", 160, nil)] as [(String, Int, String?)] {
            context.insert(Book(title: title, pages: pages, subtitle: subtitle))
        }
        try context.save()
        return store
    }

    @Test(arguments: StoreKind.available)
    func aComparisonSelectsTheMatchingModels(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let titles = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.pages >= 412 && $0.pages < 730 },
                                                             sortBy: [SortDescriptor(\.title)])).map(\.title)
        #expect(titles == ["Dune", "Emma"])
    }

    @Test(arguments: StoreKind.available)
    func aStringAndAnOptionalTestSelectTheMatchingModels(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let withE = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.title.contains("e") && $0.subtitle == nil },
                                                            sortBy: [SortDescriptor(\.title)])).map(\.title)
        #expect(withE == ["Beloved", "Zazie"])
    }

    @Test(arguments: StoreKind.available)
    func aLocalizedSearchFindsEveryCaseAndDiacriticVariantAndNothingElse(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Book.self])
        let setup = ModelContext(try store.container())
        for title in ["Pokémon Jungle", "POKEMON", "pokemon-ex", "Poke Mon", "Straße", "Pokėmon", "Charizard"] {
            setup.insert(Book(title: title, pages: 1))
        }
        try setup.save()
        let context = ModelContext(try store.container())
        for search in ["pokemon", "PoKéMoN", "strasse", "é", "mon j"] {
            let found = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.title.localizedStandardContains(search) }))
            let all = try context.fetch(FetchDescriptor<Book>())
            #expect(Set(found.map(\.title)) == Set(all.map(\.title).filter { $0.localizedStandardContains(search) }), "\(search)")
        }
        let pokemon = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.title.localizedStandardContains("pokemon") }))
        #expect(Set(pokemon.map(\.title)) == ["Pokémon Jungle", "POKEMON", "pokemon-ex", "Pokėmon"])
    }

    /// `titles` saved, then a page (`offset`, `limit`, by title) and the count of those whose title
    /// localizedStandardContains `search`, beside what Swift says of every title.
    private func searchedPageAndCount(_ kind: StoreKind, _ titles: [String], search: String, offset: Int, limit: Int) throws
        -> (page: [String], count: Int, expected: (page: [String], count: Int)) {
        let store = try BehaviourStore(kind, for: [Book.self])
        let setup = ModelContext(try store.container())
        for title in titles { setup.insert(Book(title: title, pages: 1)) }
        try setup.save()
        let context = ModelContext(try store.container())
        var descriptor = FetchDescriptor<Book>(predicate: #Predicate { $0.title.localizedStandardContains(search) }, sortBy: [SortDescriptor(\.title)])
        let count = try context.fetchCount(descriptor)
        descriptor.fetchOffset = offset
        descriptor.fetchLimit = limit
        let page = try context.fetch(descriptor).map(\.title)
        let matching = titles.filter { $0.localizedStandardContains(search) }.sorted()
        return (page, count, (Array(matching.dropFirst(offset).prefix(limit)), matching.count))
    }

    @Test(arguments: StoreKind.available)
    func aPageAndCountOfASearchAmongTextsOfASCIIAreSwiftsOwn(_ kind: StoreKind) throws {
        let titles = (1...40).map { "Card \($0)" } + ["CARD 7 promo", "card 70", "Charizard", "Ca rd 7"]
        let result = try searchedPageAndCount(kind, titles, search: "card 7", offset: 1, limit: 2)
        #expect(result.page == result.expected.page)
        #expect(result.count == result.expected.count)
    }

    @Test(arguments: StoreKind.available)
    func aPageAndCountOfASearchAmongTextsWithControlCharactersAreSwiftsOwn(_ kind: StoreKind) throws {
        let titles = ["Card\t7", "Card 7", "Ca\u{1}rd 7", "card 7\r\n", "CARD\u{7F}7", "Card 70", "card\t70"]
        for search in ["card 7", "card", "d 7", "rd\t7"] {
            let result = try searchedPageAndCount(kind, titles, search: search, offset: 1, limit: 2)
            #expect(result.page == result.expected.page, "\(search)")
            #expect(result.count == result.expected.count, "\(search)")
        }
    }

    @Test(arguments: StoreKind.available)
    func aPageAndCountOfASearchAmongTextsWithDiacriticsAreSwiftsOwn(_ kind: StoreKind) throws {
        let titles = ["Pokémon Jungle", "POKEMON", "pokemon-ex", "Poke Mon", "Pokėmon", "Pokémon Base", "Straße", "Charizard"]
        let result = try searchedPageAndCount(kind, titles, search: "pokemon", offset: 1, limit: 3)
        #expect(result.page == result.expected.page)
        #expect(result.count == result.expected.count)
    }

    @Test(arguments: StoreKind.available)
    func aPageOfASearchPastItsLastMatchIsEmptyAmongTextsWithDiacritics(_ kind: StoreKind) throws {
        let titles = ["Pokémon Jungle", "POKEMON", "Pokėmon", "Charizard"]
        let result = try searchedPageAndCount(kind, titles, search: "pokemon", offset: 3, limit: 2)
        #expect(result.page.isEmpty && result.expected.page.isEmpty)
        #expect(result.count == result.expected.count)
    }

    @Test(arguments: StoreKind.available)
    func aPageAndCountOfAnEmptySearchFindNothingAsSwiftDoes(_ kind: StoreKind) throws {
        let result = try searchedPageAndCount(kind, ["Dune", "Emma"], search: "", offset: 0, limit: 1)
        #expect(result.page == result.expected.page && result.page.isEmpty)
        #expect(result.count == 0)
    }

    @Test(arguments: StoreKind.available)
    func sortsOrderAsSwiftWithNilFirstAscending(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let ascending = try context.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.subtitle), SortDescriptor(\.pages, order: .reverse)]))
        #expect(ascending.map(\.title) == ["Emma", "Beloved", "Zazie", "Ulysses", "Dune"])
    }

    @Test(arguments: StoreKind.available)
    func aLimitAndAnOffsetTakeAWindowOfTheSortedModels(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        var descriptor = FetchDescriptor<Book>(sortBy: [SortDescriptor(\.pages)])
        descriptor.fetchOffset = 1
        descriptor.fetchLimit = 2
        #expect(try context.fetch(descriptor).map(\.pages) == [324, 412])
    }

    @Test(arguments: StoreKind.available)
    func aPrefixAMembershipAndARangeSelectAsInSwift(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let wanted = ["Emma", "Zazie", "Nobody"]
        let titles = try context.fetch(FetchDescriptor<Book>(
            predicate: #Predicate { $0.title.starts(with: "U") || wanted.contains($0.title) || (300...330).contains($0.pages) },
            sortBy: [SortDescriptor(\.title)])).map(\.title)
        #expect(titles == ["Beloved", "Emma", "Ulysses", "Zazie"])
    }

    /// Two shelves of books and a book on none, read by a new container.
    private func shelves(_ kind: StoreKind) throws -> BehaviourStore {
        let store = try BehaviourStore(kind, for: [Shelf.self])
        let context = ModelContext(try store.container())
        let fiction = Shelf(label: "Fiction")
        let poetry = Shelf(label: "Poetry")
        context.insert(fiction)
        context.insert(poetry)
        fiction.books = [Book(title: "Dune", pages: 412), Book(title: "Emma", pages: 474)]
        poetry.books = [Book(title: "Odes", pages: 90)]
        context.insert(Book(title: "Loose", pages: 10))
        try context.save()
        return store
    }

    @Test(arguments: StoreKind.available)
    func aPredicateThroughAToOneRelationshipSelectsAsInSwift(_ kind: StoreKind) throws {
        let store = try shelves(kind)
        let onFiction = try ModelContext(try store.container()).fetch(FetchDescriptor<Book>(
            predicate: #Predicate { $0.shelf?.label == "Fiction" }, sortBy: [SortDescriptor(\.title)])).map(\.title)
        #expect(onFiction == ["Dune", "Emma"])
    }

    @Test(arguments: StoreKind.available)
    func aPredicateOverAToManyRelationshipSelectsAsInSwift(_ kind: StoreKind) throws {
        let store = try shelves(kind)
        let big = try ModelContext(try store.container()).fetch(FetchDescriptor<Shelf>(
            predicate: #Predicate { shelf in shelf.books.contains { $0.pages > 400 } })).map(\.label)
        #expect(big == ["Fiction"])
    }

    @Test(arguments: StoreKind.available)
    func anEmptyToOneRelationshipTestCountsTheModelsWithoutOne(_ kind: StoreKind) throws {
        let store = try shelves(kind)
        #expect(try ModelContext(try store.container()).fetchCount(FetchDescriptor<Book>(predicate: #Predicate { $0.shelf == nil })) == 1)
    }
}
