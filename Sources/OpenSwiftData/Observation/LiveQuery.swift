import Foundation

/// The results of a fetch, again after every commit that could change them: our
/// answer to SwiftUI's `@Query` for programs without SwiftUI.
///
/// ```swift
/// for try await cards in container.liveQuery(FetchDescriptor<Card>(sortBy: [SortDescriptor(\.name)])) {
///     print(cards.map(\.name))
/// }
/// ```
///
/// Each iteration has a context of its own; the models it yields belong to the task
/// that iterates. It yields the current results at once, then again whenever they
/// differ after a commit: a save in this process that touched the fetched entity or
/// an entity related to it wakes it at once (saves touching only other entities do
/// not), and a commit by another process within a quarter of a second (the store's poll interval).
/// Bursts of commits coalesce into one fetch. It ends when the iterating task is
/// cancelled.
public struct LiveQuery<T: PersistentModel>: AsyncSequence {
    /// Each element is the whole result of the fetch.
    public typealias Element = [T]

    let container: ModelContainer
    let descriptor: FetchDescriptor<T>

    /// An iterator that gives the current results, then new results after each save that may change them.
    public func makeAsyncIterator() -> Iterator {
        Iterator(container: container, descriptor: descriptor)
    }

    /// Iterates over the results of the fetch as they change.
    public struct Iterator: AsyncIteratorProtocol {
        private let context: ModelContext
        private let descriptor: FetchDescriptor<T>
        private let subscription: StoreSubscription
        private var last: (ids: [PersistentIdentifier], refreshes: Int)?

        init(container: ModelContainer, descriptor: FetchDescriptor<T>) {
            self.context = ModelContext(container)
            self.descriptor = descriptor
            let store = container.stores.store(of: T._$entityName)
            self.subscription = StoreSubscription(store: store, entities: store.entitiesAffecting(T.self))
        }

        /// The current results first, then the results after each change that alters them; nil once the task is cancelled.
        public mutating func next() async throws -> [T]? {
            if last != nil {
                repeat {
                    guard await subscription.wait() else { return nil }
                } while !(try resultsChanged())
            }
            let results = try context.fetch(descriptor)
            last = (results.map(\.persistentModelID), context.refreshedValueCount)
            return results
        }

        /// Fetches again, and tells whether the results differ from the last ones yielded:
        /// other rows or another order, or new values in a row (the merge rule refreshed it).
        private mutating func resultsChanged() throws -> Bool {
            let results = try context.fetch(descriptor)
            let ids = results.map(\.persistentModelID)
            guard let last, ids == last.ids, context.refreshedValueCount == last.refreshes else { return true }
            return false
        }
    }
}

extension ModelContainer {
    /// The results of `descriptor` now, and again whenever a commit changes them (see ``LiveQuery``).
    public func liveQuery<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) -> LiveQuery<T> {
        LiveQuery(container: self, descriptor: descriptor)
    }
}
