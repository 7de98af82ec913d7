import Foundation
import OpenSwiftData
import Testing

@Suite struct HistoryObserverTests {
    /// Waits until the counter reaches `count`, up to `seconds` (generous: the whole suite
    /// shares two cores, and the observer's task waits its turn).
    func waitFor(_ observer: HistoryObserver, count: Int, seconds: Double = 600) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if observer.eventCounter >= count { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    func save(_ model: some PersistentModel, in container: ModelContainer, author: String? = nil) throws {
        let context = ModelContext(container)
        context.author = author
        context.insert(model)
        try context.save()
    }

    @Test func theCounterGrowsAfterAnotherContextSaves() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        let observer = try HistoryObserver(modelContainer: container)
        try await Task.detached { try self.save(Tally(writer: "b", sequence: 1), in: container) }.value
        #expect(await waitFor(observer, count: 1))
    }

    @Test func theCounterGrowsAfterAnotherProcessSaves() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self)
        let observer = try HistoryObserver(modelContainer: container)
        let process = try StoreWorkload.insert(store: store.url, writer: "other", count: 3,
                                               errors: store.directory.appendingPathComponent("other.err"))
        await process.ended()
        #expect(process.terminationStatus == 0)
        #expect(await waitFor(observer, count: 1))
    }

    @Test func transactionsBeforeTheObserverBeganDoNotCount() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        for index in 0..<3 { try save(Tally(writer: "before", sequence: index), in: container) }
        let observer = try HistoryObserver(modelContainer: container)
        try save(Tally(writer: "after", sequence: 9), in: container)
        #expect(await waitFor(observer, count: 1))
        try await Task.sleep(for: .milliseconds(600))
        #expect(observer.eventCounter == 1)
    }

    @Test func changesToOtherModelsDoNotCount() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        let observer = try HistoryObserver(observedModels: [Tally.self], modelContainer: container)
        try save(Tag(label: "unrelated"), in: container)
        // Long enough for the poll for other processes to have looked more than once.
        try await Task.sleep(for: .seconds(1))
        #expect(observer.eventCounter == 0)
        try save(Tally(writer: "observed", sequence: 1), in: container)
        #expect(await waitFor(observer, count: 1))
    }

    @Test func transactionsOfOtherAuthorsDoNotCount() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        let observer = try HistoryObserver(authors: ["importer"], modelContainer: container)
        try save(Tally(writer: "ui", sequence: 1), in: container, author: "ui")
        try await Task.sleep(for: .seconds(1))
        #expect(observer.eventCounter == 0)
        try save(Tally(writer: "import", sequence: 2), in: container, author: "importer")
        #expect(await waitFor(observer, count: 1))
    }

    @Test func anObserverGivenATokenReadsFromThere() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        try save(Tally(writer: "first", sequence: 1), in: container)
        let first = try #require(try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last)
        try save(Tally(writer: "second", sequence: 2), in: container, author: "importer")
        // Only the second transaction (after the token) is by the importer: it counts once a change wakes the observer.
        let observer = try HistoryObserver(historyTokens: [first.storeIdentifier: first.token], authors: ["importer"],
                                           modelContainer: container)
        try save(Tag(label: "wake"), in: container, author: "ui")
        #expect(await waitFor(observer, count: 1))
    }

    @Test func anObserverWhoseHistoryWasDeletedCountsAndGoesOn() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        try save(Tally(writer: "first", sequence: 1), in: container)
        let first = try #require(try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last)
        try save(Tally(writer: "second", sequence: 2), in: container)
        let observer = try HistoryObserver(historyTokens: [first.storeIdentifier: first.token], modelContainer: container)
        try ModelContext(container).deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        try save(Tally(writer: "third", sequence: 3), in: container)
        #expect(await waitFor(observer, count: 1))
        let counted = observer.eventCounter
        try save(Tally(writer: "fourth", sequence: 4), in: container)
        #expect(await waitFor(observer, count: counted + 1))
    }

    @Test func aTokenForAStoreTheContainerDoesNotHaveIsRefused() throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        try save(Tally(writer: "first", sequence: 1), in: container)
        let token = try #require(try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last?.token)
        #expect {
            _ = try HistoryObserver(historyTokens: ["another-store": token], modelContainer: container)
        } throws: { error in
            OpenSwiftDataError(explaining: error)?.description.contains("is not the identifier of a store") == true
        }
    }

    @Test func aModelTheContainerDoesNotHoldIsRefused() throws {
        let store = TestStore()
        let container = try store.container(Tally.self)
        #expect {
            _ = try HistoryObserver(observedModels: [Tag.self], modelContainer: container)
        } throws: { error in
            OpenSwiftDataError(explaining: error) == .modelNotInSchema("Tag")
        }
    }

    @Test func aReleasedObserverStopsAndIsFreed() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        weak var released: HistoryObserver?
        do {
            let observer = try HistoryObserver(modelContainer: container)
            released = observer
        }
        try save(Tally(writer: "after", sequence: 1), in: container)
        try await Task.sleep(for: .milliseconds(300))
        #expect(released == nil)
    }
}
