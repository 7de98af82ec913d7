import Foundation

/// A store's wake-ups for one listener, after each commit through the store that
/// touched the listener's entities and after each commit by another process: what a
/// ``LiveQuery``, a ``ResultsObserver`` and a ``HistoryObserver`` wait on. It ends when it is released.
///
/// One task at a time waits on it (a live query's iterator, or an observer's watch of
/// one store), so it may be handed to that task.
final class StoreSubscription: @unchecked Sendable {
    private let store: any ModelStore
    private let id: UUID
    private var wakeUps: AsyncStream<Void>.Iterator
    private let poller: Task<Void, Never>?

    init(store: any ModelStore, entities: Set<String>) {
        self.store = store
        let (id, stream) = store.changes.subscribe(to: entities)
        self.id = id
        self.wakeUps = stream.makeAsyncIterator()
        poller = store.followCommitsOfOtherProcesses(for: id)
    }

    /// Wake-ups for a fetch of `type` through `stores`: commits that touch its entity or
    /// an entity related to it, and other processes' commits.
    convenience init<T: PersistentModel>(watching type: T.Type, in stores: ContainerStores) {
        let store = stores.store(of: T._$entityName)
        self.init(store: store, entities: store.entitiesAffecting(type))
    }

    deinit {
        poller?.cancel()
        store.changes.unsubscribe(id)
    }

    /// Waits for the next wake-up; false once the task is cancelled.
    func wait() async -> Bool {
        await wakeUps.next() != nil && !Task.isCancelled
    }
}
