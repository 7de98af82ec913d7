import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// `fetchLimit` and `fetchOffset`, in SQL when everything else is, and still right
/// when the predicate, the sort or unsaved changes are handled in Swift.
@Suite struct FetchWindowTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func limitAndOffsetRunInSQL() throws {
        var descriptor = FetchDescriptor<Specimen>(sortBy: [SortDescriptor(\.count)])
        descriptor.fetchLimit = 2
        descriptor.fetchOffset = 1
        #expect(try store.context.explain(descriptor).runsEntirelyInSQL)
        #expect(try store.context.fetch(descriptor).map(\.name) == ["epsilon", "Beta"])
    }

    @Test func fallbackPredicateStillHonoursSortLimitAndOffset() throws {
        // `computedLength` is not stored: that conjunct runs in Swift, `count > 0` in SQL.
        var descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.computedLength == 5 && $0.count > 0 },
                                                   sortBy: [SortDescriptor(\.count, order: .reverse)])
        descriptor.fetchLimit = 1
        let explanation = try store.context.explain(descriptor)
        #expect(explanation.filtersInSwift)
        #expect(!explanation.swiftReasons.isEmpty)
        #expect(explanation.sql.contains("WHERE"))
        #expect(try store.context.fetch(descriptor).map(\.name) == ["gamma"])
        descriptor.fetchOffset = 1
        #expect(try store.context.fetch(descriptor).map(\.name) == ["alpha"])
    }

    @Test func fetchCountWithWindow() throws {
        var descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.count > 0 })
        descriptor.fetchLimit = 2
        #expect(try store.context.fetchCount(descriptor) == 2)
        descriptor.fetchOffset = 2
        #expect(try store.context.fetchCount(descriptor) == 1)
    }

    @Test func fetchIdentifiersInOrder() throws {
        let descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.flag }, sortBy: [SortDescriptor(\.count)])
        let identifiers = try store.context.fetchIdentifiers(descriptor)
        let models = try store.context.fetch(descriptor)
        #expect(identifiers == models.map(\.persistentModelID))
    }
}
