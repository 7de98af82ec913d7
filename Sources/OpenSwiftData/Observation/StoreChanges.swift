import Foundation
import GRDB
import Synchronization

/// Tells live queries that the store may have changed: at once for a commit through
/// this store (with the entities it touched), and by polling SQLite's `data_version`
/// for commits by other processes, which SQLite cannot announce.
package final class StoreChanges: Sendable {
    /// How often a live query looks for other processes' commits.
    static let pollInterval: Duration = .milliseconds(250)

    private struct Subscriber {
        let entities: Set<String>
        let continuation: AsyncStream<Void>.Continuation
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])

    package init() {}

    /// A stream that yields (coalesced: one pending wake-up at most) after each commit
    /// through this store that touched one of `entities`.
    func subscribe(to entities: Set<String>) -> (UUID, AsyncStream<Void>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        subscribers.withLock { $0[id] = Subscriber(entities: entities, continuation: continuation) }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        subscribers.withLock { $0.removeValue(forKey: id) }?.continuation.finish()
    }

    /// A commit through this store touched `entities` (nil: it may have touched any).
    package func didCommit(touching entities: Set<String>?) {
        let woken = subscribers.withLock { subscribers in
            subscribers.values.filter { subscriber in entities.map { !$0.isDisjoint(with: subscriber.entities) } ?? true }
        }
        for subscriber in woken { subscriber.continuation.yield() }
    }

    /// Another process or server committed to `entities` (nil: it may have touched any):
    /// wakes `id` if it listens to them. For a store whose server announces commits.
    package func wake(_ id: UUID, touching entities: Set<String>?) {
        guard let subscriber = subscribers.withLock({ $0[id] }) else { return }
        if entities.map({ !$0.isDisjoint(with: subscriber.entities) }) ?? true { subscriber.continuation.yield() }
    }

    /// A read-only connection for `pollForOtherProcesses`, and its `data_version` now:
    /// taken when the query subscribes, so that no commit after that is missed.
    static func pollingConnection(path: String, configuration: Configuration) -> (DatabaseQueue, Int64?)? {
        var configuration = configuration
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = false
        guard let connection = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        return (connection, dataVersion(of: connection))
    }

    private static func dataVersion(of connection: DatabaseQueue) -> Int64? {
        try? connection.inDatabase { try Int64.fetchOne($0, sql: "PRAGMA data_version") }
    }

    /// Wakes `id` whenever another process commits, until it unsubscribes or the task
    /// is cancelled. The connection's `data_version` changes when any other
    /// connection commits.
    func pollForOtherProcesses(_ id: UUID, connection: DatabaseQueue, since version: Int64?) async {
        defer { try? connection.close() }
        var lastVersion = version
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.pollInterval)
            guard let subscriber = subscribers.withLock({ $0[id] }) else { return }
            let version = Self.dataVersion(of: connection)
            // `data_version` cannot tell this process's commits from others', so any
            // change wakes the query, which yields only if its results differ.
            if version != lastVersion { subscriber.continuation.yield() }
            lastVersion = version
        }
    }
}
