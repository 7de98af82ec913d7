import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// `fetch(_:batchSize:)`, `enumerate`, `delete(model:where:)` and relationship prefetching.
@Suite struct LazyFetchTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func batchedResultsMatchAPlainFetch() throws {
        let descriptor = FetchDescriptor<Specimen>(sortBy: [SortDescriptor(\.count)])
        let lazy = try store.context.fetch(descriptor, batchSize: 2)
        #expect(lazy.count == 5)
        #expect(lazy.map(\.name) == (try store.context.fetch(descriptor)).map(\.name))
        #expect(lazy[4] === lazy[4])
    }

    @Test func enumerateVisitsEveryMatchInOrder() throws {
        var names: [String] = []
        try store.context.enumerate(FetchDescriptor<Specimen>(predicate: #Predicate { $0.flag }, sortBy: [SortDescriptor(\.count)]),
                                    batchSize: 2) { names.append($0.name) }
        #expect(names == ["epsilon", "alpha", "gamma"])
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func enumerateWithoutASortVisitsEveryMatchOnceWhateverTheBatchSize(_ batchSize: Int) throws {
        var names: [String] = []
        try store.context.enumerate(FetchDescriptor<Specimen>(predicate: #Predicate { $0.flag }), batchSize: batchSize) { names.append($0.name) }
        #expect(names.sorted() == ["alpha", "epsilon", "gamma"])
    }

    @Test func enumerateDoesNotVisitModelsSavedWhileItRuns() throws {
        var visited = 0
        try store.context.enumerate(FetchDescriptor<Specimen>(), batchSize: 2) { specimen in
            visited += 1
            store.context.insert(Specimen(name: specimen.name + " copy"))
            try store.context.save()
        }
        #expect(visited == 5)
        #expect(try store.context.fetchCount(FetchDescriptor<Specimen>()) == 10)
    }

    @Test func enumerateRejectsEscapingMutations() throws {
        #expect(throws: OpenSwiftDataError.self) {
            try store.context.enumerate(FetchDescriptor<Specimen>(), batchSize: 2) { $0.count += 1 }
        }
    }

    @Test func enumerateAllowsMutationsWhenAsked() throws {
        try store.context.enumerate(FetchDescriptor<Specimen>(), batchSize: 2, allowEscapingMutations: true) { $0.count += 1 }
        try store.context.save()
        #expect(try ModelContext(store.container).sum(of: \Specimen.count) == 119)
    }

    @Test func deleteWherePredicate() throws {
        try store.context.delete(model: Specimen.self, where: #Predicate { $0.count < 9 })
        try store.context.save()
        #expect(Set(try ModelContext(store.container).fetch(FetchDescriptor<Specimen>()).map(\.name)) == ["alpha", "Beta", "gamma"])
    }

    @Test func prefetchedToManyRelationshipLoadsWithTheFetch() throws {
        var descriptor = FetchDescriptor<Keeper>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\.specimens]
        let keepers = try store.context.fetch(descriptor)
        // Another context deletes every specimen: only what was prefetched can still be seen.
        let other = ModelContext(store.container)
        try other.delete(model: Specimen.self)
        try other.save()
        #expect(keepers.map { $0.specimens.count } == [2, 1, 1, 0])
        #expect(keepers[0].specimens.map(\.name) == ["alpha", "Beta"])
    }

    @Test func prefetchedManyToManyRelationship() throws {
        var descriptor = FetchDescriptor<Specimen>(sortBy: [SortDescriptor(\.count)])
        descriptor.relationshipKeyPathsForPrefetching = [\.labels]
        let specimens = try store.context.fetch(descriptor)
        let other = ModelContext(store.container)
        try other.delete(model: Label.self)
        try other.save()
        #expect(specimens.map { $0.labels.count } == [0, 0, 0, 2, 1])
    }

    @Test func prefetchedToOneRelationshipIsInTheContext() throws {
        var descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.owner != nil })
        descriptor.relationshipKeyPathsForPrefetching = [\.owner]
        let specimens = try store.context.fetch(descriptor)
        let other = ModelContext(store.container)
        try other.delete(model: Keeper.self)
        try other.save()
        #expect(Set(specimens.compactMap { $0.owner?.name }) == ["Ada", "Bob", "Cy"])
    }

    @Test func fetchingAModelNotInTheSchemaThrows() throws {
        let container = try ModelContainer(for: Club.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        #expect(throws: OpenSwiftDataError.self) {
            try ModelContext(container).fetch(FetchDescriptor<CardShow.Event>(predicate: #Predicate { $0.isActive }))
        }
    }
}

/// `propertiesToFetch`: only those columns are read; the others load on first access.
@Suite struct PartialFetchTests {
    @Test func onlyRequestedAttributesAreSelectedAndTheRestLoadOnAccess() throws {
        let store = try SpecimenStore()
        var descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.name == "gamma" })
        descriptor.propertiesToFetch = [\.name, \.count]
        let sql = try store.context.explain(descriptor).sql
        #expect(sql.contains("\"count\"") && !sql.contains("\"score\""))
        let gamma = try #require(try store.context.fetch(descriptor).first)
        #expect(gamma.count == 100)
        #expect(gamma.score == 0)
        #expect(gamma.tags == ["x", "y", "z"])
    }
}
