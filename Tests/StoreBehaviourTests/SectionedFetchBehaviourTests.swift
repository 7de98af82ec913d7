import Foundation
import OpenSwiftData
import Testing

/// `ModelContext.fetch(_:sectionBy:batchSize:)` groups the results by a `String`
/// attribute, in the fetch's order, on every store.
@Suite struct SectionedFetchBehaviourTests {
    private static let shelf: [(title: String, pages: Int, subtitle: String?)] = [
        ("Dune", 412, "Saga"), ("Emma", 474, nil), ("Beloved", 324, ""), ("Ulysses", 730, "Novel"),
        ("Zazie", 160, nil), ("Dune", 380, "Novel"), ("Messiah", 256, "Saga"), ("Emma", 300, "Novel"),
    ]

    private func books(_ kind: StoreKind, _ shelf: [(title: String, pages: Int, subtitle: String?)] = shelf) throws -> BehaviourStore {
        let store = try BehaviourStore(kind, for: [Book.self])
        let context = ModelContext(try store.container())
        for book in shelf { context.insert(Book(title: book.title, pages: book.pages, subtitle: book.subtitle)) }
        try context.save()
        return store
    }

    private func summary(_ sections: SectionedResults<Book, String>) -> [String] {
        sections.map { section in "\(section.title): " + section.map { "\($0.title) \($0.pages)" }.joined(separator: ", ") }
    }

    @Test(arguments: StoreKind.available)
    func sectionsComeInTheKeysOrderEachInTheDescriptorsOrder(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let sections = try context.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.pages, order: .reverse)]),
                                         sectionBy: \.title, batchSize: 2)
        #expect(summary(sections) == ["Beloved: Beloved 324", "Dune: Dune 412, Dune 380", "Emma: Emma 474, Emma 300",
                                      "Messiah: Messiah 256", "Ulysses: Ulysses 730", "Zazie: Zazie 160"])
    }

    @Test(arguments: StoreKind.available)
    func nilAndEmptyValuesShareTheSectionTitledEmpty(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let sections = try context.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.title)]), sectionBy: \.subtitle, batchSize: 3)
        #expect(sections.sectionTitles == ["", "Novel", "Saga"])
        #expect(sections[sectionTitle: ""].map { $0.map(\.title) } == ["Emma", "Zazie", "Beloved"])
        #expect(sections.index(ofSectionTitled: "Saga") == 2)
    }

    @Test(arguments: StoreKind.available)
    func aReverseSortByTheKeyOrdersTheSectionsFromTheLast(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let sections = try context.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.title, order: .reverse), SortDescriptor(\.pages)]),
                                         sectionBy: \.title, batchSize: 10)
        #expect(sections.sectionTitles == ["Zazie", "Ulysses", "Messiah", "Emma", "Dune", "Beloved"])
        #expect(sections[sectionTitle: "Dune"].map { $0.map(\.pages) } == [380, 412])
    }

    @Test(arguments: StoreKind.available)
    func aPredicateAndAWindowSectionOnlyWhatTheySelect(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        var descriptor = FetchDescriptor<Book>(predicate: #Predicate { $0.pages > 300 }, sortBy: [SortDescriptor(\.pages)])
        descriptor.fetchLimit = 4
        let sections = try context.fetch(descriptor, sectionBy: \.subtitle, batchSize: 10)
        #expect(summary(sections) == [": Emma 474, Beloved 324", "Novel: Dune 380, Ulysses 730"])
    }

    @Test(arguments: StoreKind.available)
    func unsavedChangesAreSectionedWithTheStoredModels(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        context.insert(Book(title: "Dune", pages: 999, subtitle: "Saga"))
        let zazie = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.title == "Zazie" }))
        zazie.first?.subtitle = "Novel"
        let sections = try context.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.pages)]), sectionBy: \.subtitle, batchSize: 10)
        #expect(sections[sectionTitle: "Saga"].map { $0.map(\.pages) } == [256, 412, 999])
        #expect(sections[sectionTitle: "Novel"].map { $0.map(\.title) } == ["Zazie", "Emma", "Dune", "Ulysses"])
    }

    @Test(arguments: StoreKind.available)
    func anEmptyResultHasNoSections(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let sections = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.pages > 5000 }), sectionBy: \.title, batchSize: 10)
        #expect(sections.isEmpty)
        #expect(sections[sectionTitle: "Dune"] == nil)
    }

    @Test(arguments: StoreKind.available(for: .sectionsInStore))
    func theStoreFindsTheSectionsWithoutMakingAModel(_ kind: StoreKind) throws {
        let store = try books(kind)
        let context = ModelContext(try store.container())
        let ids = try context.fetchIdentifiers(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.title), SortDescriptor(\.pages)]))
        let sections = try context.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.pages)]), sectionBy: \.title, batchSize: 1)
        #expect(sections.map(\.count) == [1, 2, 2, 1, 1, 1])
        #expect(ids.allSatisfy { (context.registeredModel(for: $0) as Book?) == nil })
        #expect(sections[1][1].pages == 412)
        #expect(ids.filter { (context.registeredModel(for: $0) as Book?) != nil } == [ids[2]])
    }

    @Test(arguments: StoreKind.available)
    func manyModelsAreSectionedAsGroupingThemInMemoryWould(_ kind: StoreKind) throws {
        let subtitles: [String?] = [nil, "", "Atlas", "atlas", "Écho", "Echo", "Zed", "Ωmega"]
        let shelf = (0..<1_200).map { index in (title: "Book \(index)", pages: (index * 7919) % 1000, subtitle: subtitles[(index * 31) % subtitles.count]) }
        let store = try books(kind, shelf)
        let context = ModelContext(try store.container())
        let descriptor = FetchDescriptor<Book>(sortBy: [SortDescriptor(\.subtitle), SortDescriptor(\.pages), SortDescriptor(\.title)])
        let sections = try context.fetch(descriptor, sectionBy: \.subtitle, batchSize: 100)
        var expected: [(String, [String])] = []
        for book in try context.fetch(descriptor) {
            let title = book.subtitle ?? ""
            if expected.last?.0 == title { expected[expected.count - 1].1.append(book.title) } else { expected.append((title, [book.title])) }
        }
        #expect(sections.sectionTitles == expected.map(\.0))
        #expect(sections.map { $0.map(\.title) } == expected.map(\.1))
    }
}
