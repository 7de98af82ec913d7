import Foundation
import OpenSwiftData
import Testing

/// `fetchIdentifiers(_:batchSize:)`: SwiftData's "collection of persistent identifiers,
/// in batches, where each identifier represents a single model that satisfies the
/// criteria of the specified fetch descriptor".
@Suite struct BatchedIdentifierTests {
    private static let labels = ["e", "a", "d", "c", "b", "f", "g"]

    private static func context() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        for label in labels { context.insert(Tag(label: label)) }
        try context.save()
        return context
    }

    private static func sorted(where predicate: Predicate<Tag>? = nil) -> FetchDescriptor<Tag> {
        FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.label)])
    }

    @Test func batchedIdentifiersAreThoseOfTheUnbatchedFetchInOrder() throws {
        let context = try Self.context()
        let batched = try context.fetchIdentifiers(Self.sorted(), batchSize: 3)
        #expect(Array(batched) == (try context.fetchIdentifiers(Self.sorted())))
    }

    @Test func eachIdentifierResolvesToTheModelInItsPlace() throws {
        let context = try Self.context()
        let batched = try context.fetchIdentifiers(Self.sorted(), batchSize: 2)
        let labels = batched.map { (context.model(for: $0) as? Tag)?.label }
        #expect(labels == Self.labels.sorted())
    }

    @Test func thePredicateSelectsTheIdentifiers() throws {
        let context = try Self.context()
        let batched = try context.fetchIdentifiers(Self.sorted(where: #Predicate { $0.label > "d" }), batchSize: 2)
        #expect(batched.count == 3)
        #expect(batched.compactMap { (context.model(for: $0) as? Tag)?.label } == ["e", "f", "g"])
    }

    @Test func aBatchSmallerThanOneStillGivesEveryIdentifier() throws {
        let context = try Self.context()
        #expect(try context.fetchIdentifiers(Self.sorted(), batchSize: 0).count == Self.labels.count)
    }

    @Test func theLastIndexOfAPartialBatchCanBeReadFirst() throws {
        let context = try Self.context()
        let batched = try context.fetchIdentifiers(Self.sorted(), batchSize: 3)
        let last = try #require(batched.last)
        #expect((context.model(for: last) as? Tag)?.label == "g")
    }

    @Test func noMatchingModelsGiveAnEmptyCollection() throws {
        let context = try Self.context()
        #expect(try context.fetchIdentifiers(Self.sorted(where: #Predicate { $0.label == "z" }), batchSize: 5).isEmpty)
    }

    @Test func unsavedInsertsAreAmongTheBatchedIdentifiers() throws {
        let context = try Self.context()
        let pending = Tag(label: "h")
        context.insert(pending)
        let batched = try context.fetchIdentifiers(Self.sorted(), batchSize: 3)
        #expect(batched.count == Self.labels.count + 1)
        #expect(batched.last == pending.persistentModelID)
        #expect(Array(batched) == (try context.fetchIdentifiers(Self.sorted())))
    }
}
