import Foundation
import OpenSwiftData
import Synchronization
import Testing

/// What a live query has yielded so far: the row count of each result.
final class YieldLog: Sendable {
    private let counts = Mutex<[Int]>([])
    func append(_ count: Int) { counts.withLock { $0.append(count) } }
    var all: [Int] { counts.withLock { $0 } }

    /// Waits until a yielded result has `count` rows, up to `seconds`. Generous, because the whole suite runs at once on a small pool of threads: the
    /// watching task may wait its turn behind many tests before its first fetch. A
    /// yield that never comes still fails.
    func waitFor(count: Int, seconds: Double = 600) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if all.contains(count) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}

@Suite struct LiveQueryTests {
    /// Iterates a live query of every tally in a task of its own, logging each result's size.
    func watch(_ container: ModelContainer, log: YieldLog) -> Task<Void, any Error> {
        Task {
            for try await tallies in container.liveQuery(FetchDescriptor<Tally>()) {
                log.append(tallies.count)
            }
        }
    }

    func save(_ tally: Tally, in container: ModelContainer) throws {
        let context = ModelContext(container)
        context.insert(tally)
        try context.save()
    }

    @Test("a live query yields the current results at once")
    func yieldsAtOnce() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        try save(Tally(writer: "a", sequence: 1), in: container)
        let log = YieldLog()
        let watcher = watch(container, log: log)
        defer { watcher.cancel() }
        #expect(await log.waitFor(count: 1))
    }

    @Test("a live query yields again after another actor's context saves a change to its entity")
    func yieldsAfterAnotherActorsSave() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        let log = YieldLog()
        let watcher = watch(container, log: log)
        defer { watcher.cancel() }
        #expect(await log.waitFor(count: 0))
        try await Task.detached { try self.save(Tally(writer: "b", sequence: 2), in: container) }.value
        #expect(await log.waitFor(count: 1))
    }

    @Test("a live query does not yield for saves that touch only unrelated entities")
    func quietForUnrelatedEntities() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        let log = YieldLog()
        let watcher = watch(container, log: log)
        defer { watcher.cancel() }
        #expect(await log.waitFor(count: 0))
        let context = ModelContext(container)
        for index in 0..<5 {
            context.insert(Tag(label: "t\(index)"))
            try context.save()
        }
        // Long enough for the poll for other processes to have looked more than once.
        try await Task.sleep(for: .seconds(1))
        #expect(log.all == [0])
        try save(Tally(writer: "c", sequence: 3), in: container)
        #expect(await log.waitFor(count: 1))
        #expect(log.all == [0, 1])
    }

    @Test("a live query yields after another process saves to the store")
    func yieldsAfterAnotherProcessesSave() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self)
        let log = YieldLog()
        let watcher = Task {
            for try await tallies in container.liveQuery(FetchDescriptor<Tally>()) { log.append(tallies.count) }
        }
        defer { watcher.cancel() }
        #expect(await log.waitFor(count: 0))
        let process = try StoreWorkload.insert(store: store.url, writer: "other", count: 3,
                                               errors: store.directory.appendingPathComponent("other.err"))
        await process.ended()
        #expect(process.terminationStatus == 0)
        #expect(await log.waitFor(count: 3))
    }

    @Test("a burst of saves is coalesced, and the last result has every row")
    func burstsCoalesce() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        let log = YieldLog()
        let watcher = watch(container, log: log)
        defer { watcher.cancel() }
        #expect(await log.waitFor(count: 0))
        let context = ModelContext(container)
        for index in 0..<200 {
            context.insert(Tally(writer: "burst", sequence: index))
            try context.save()
        }
        #expect(await log.waitFor(count: 200))
        #expect(log.all.count < 201)
    }

    // The limit catches a watcher that never ends; it is as long as `waitFor`, since in the
    // whole suite on two cores a test may wait more than a minute for its turn.
    @Test("a live query ends when its task is cancelled", .timeLimit(.minutes(10)))
    func endsOnCancellation() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self, Tag.self)
        let log = YieldLog()
        let watcher = watch(container, log: log)
        #expect(await log.waitFor(count: 0))
        watcher.cancel()
        let ended = await Task { try? await watcher.value; return true }.value
        #expect(ended)
        try save(Tally(writer: "late", sequence: 1), in: container)
        try await Task.sleep(for: .milliseconds(300))
        #expect(log.all == [0])
    }
}
