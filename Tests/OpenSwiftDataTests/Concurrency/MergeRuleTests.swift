import Foundation
import Observation
import OpenSwiftData
import Testing

/// The merge rule: after another context saves, a registered model without unsaved
/// edits takes the stored values at the next fetch or `model(for:)`; unsaved edits
/// are kept and win at the next save.
@Suite struct MergeRuleTests {
    /// A store with one saved tally, and two contexts that have both fetched it.
    struct TwoContexts {
        let store = TestStore()
        let container: ModelContainer
        let first: ModelContext
        let second: ModelContext
        let inFirst: Tally
        let inSecond: Tally

        init() throws {
            container = try store.container(Tally.self)
            let setup = ModelContext(container)
            setup.insert(Tally(writer: "a", sequence: 1))
            try setup.save()
            first = ModelContext(container)
            second = ModelContext(container)
            inFirst = try #require(try first.fetch(FetchDescriptor<Tally>()).first)
            inSecond = try #require(try second.fetch(FetchDescriptor<Tally>()).first)
        }
    }

    @Test("a registered model takes the values another context saved at the next fetch")
    func fetchRefreshesUnchangedModels() throws {
        let contexts = try TwoContexts()
        contexts.inSecond.sequence = 2
        try contexts.second.save()
        let fetched = try contexts.first.fetch(FetchDescriptor<Tally>())
        #expect(fetched.first === contexts.inFirst, "the context keeps one instance per row")
        #expect(contexts.inFirst.sequence == 2)
        #expect(!contexts.inFirst.hasChanges, "a refresh is not an edit to save")
        #expect(!contexts.first.hasChanges)
    }

    @Test("a registered model takes the values another context saved at the next model(for:)")
    func modelForRefreshesUnchangedModels() throws {
        let contexts = try TwoContexts()
        contexts.inSecond.writer = "renamed"
        try contexts.second.save()
        let model = contexts.first.model(for: contexts.inFirst.persistentModelID)
        #expect(model === contexts.inFirst)
        #expect(contexts.inFirst.writer == "renamed")
    }

    @Test("a model with unsaved edits keeps them when another context saves the same row")
    func unsavedEditsAreKept() throws {
        let contexts = try TwoContexts()
        contexts.inFirst.sequence = 10
        contexts.inSecond.sequence = 20
        contexts.inSecond.writer = "second"
        try contexts.second.save()
        _ = try contexts.first.fetch(FetchDescriptor<Tally>())
        #expect(contexts.inFirst.sequence == 10)
        #expect(contexts.inFirst.writer == "a", "an edited model is not refreshed at all until it is saved")
    }

    @Test("unsaved edits win at the next save")
    func unsavedEditsWinAtSave() throws {
        let contexts = try TwoContexts()
        contexts.inFirst.sequence = 10
        contexts.inSecond.sequence = 20
        try contexts.second.save()
        try contexts.first.save()
        let stored = try ModelContext(contexts.container).fetch(FetchDescriptor<Tally>())
        #expect(stored.map(\.sequence) == [10])
    }

    @Test("a fetch sees rows another context inserted after this context's last fetch")
    func fetchSeesOtherContextsInserts() throws {
        let contexts = try TwoContexts()
        contexts.second.insert(Tally(writer: "b", sequence: 5))
        try contexts.second.save()
        #expect(try contexts.first.fetchCount(FetchDescriptor<Tally>()) == 2)
        #expect(try contexts.first.fetch(FetchDescriptor<Tally>()).count == 2)
    }

    @Test("a save through another container on the same file refreshes registered models, as another process's would")
    func anotherConnectionsSaveRefreshes() throws {
        let contexts = try TwoContexts()
        let other = ModelContext(try contexts.store.container(Tally.self))
        let tally = try #require(try other.fetch(FetchDescriptor<Tally>()).first)
        tally.sequence = 42
        try other.save()
        _ = try contexts.first.fetch(FetchDescriptor<Tally>())
        #expect(contexts.inFirst.sequence == 42)
    }

    @Test("observers of a property hear a change merged in from another context's save")
    func observationFiresOnMergedChanges() throws {
        let contexts = try TwoContexts()
        let fired = ObservationFlag()
        withObservationTracking {
            _ = contexts.inFirst.sequence
        } onChange: {
            fired.set()
        }
        contexts.inSecond.sequence = 7
        try contexts.second.save()
        _ = try contexts.first.fetch(FetchDescriptor<Tally>())
        #expect(fired.isSet)
    }

    @Test("observers hear nothing when another context's save left the model's values as they were")
    func observationQuietWhenNothingChanged() throws {
        let contexts = try TwoContexts()
        let fired = ObservationFlag()
        withObservationTracking {
            _ = contexts.inFirst.sequence
        } onChange: {
            fired.set()
        }
        contexts.second.insert(Tally(writer: "b", sequence: 3))
        try contexts.second.save()
        _ = try contexts.first.fetch(FetchDescriptor<Tally>())
        #expect(!fired.isSet)
    }

    @Test("observers of a property hear a change made in the same context")
    func observationFiresOnLocalEdits() throws {
        let contexts = try TwoContexts()
        let fired = ObservationFlag()
        withObservationTracking {
            _ = contexts.inFirst.writer
        } onChange: {
            fired.set()
        }
        contexts.inFirst.writer = "edited"
        #expect(fired.isSet)
    }
}

/// Set from an observation's `onChange`, which may run on any thread.
final class ObservationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
