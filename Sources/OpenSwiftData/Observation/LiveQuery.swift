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
///
/// A ``ResultsObserver`` (SwiftData's, from iOS 27) is the same watch held as an
/// `Observable` object instead of iterated: both wait on the same wake-ups
/// (`StoreSubscription`) and publish only results whose fingerprint (rows, order,
/// refreshed values) changed. Iterate a live query in a task that consumes results;
/// keep an observer where something reads its current ``ResultsObserver/results``.
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
        private var last: ResultsFingerprint?

        init(container: ModelContainer, descriptor: FetchDescriptor<T>) {
            self.context = ModelContext(container)
            self.descriptor = descriptor
            self.subscription = StoreSubscription(watching: T.self, in: container.stores)
        }

        /// The current results first, then the results after each change that alters them; nil once the task is cancelled.
        public mutating func next() async throws -> [T]? {
            if last != nil {
                repeat {
                    guard await subscription.wait() else { return nil }
                } while !(try resultsChanged())
            }
            let results = try context.fetch(descriptor)
            last = ResultsFingerprint(results, in: context)
            return results
        }

        /// Fetches again, and tells whether the results differ from the last ones yielded:
        /// other rows or another order, or new values in a row (the merge rule refreshed it).
        private func resultsChanged() throws -> Bool {
            ResultsFingerprint(try context.fetch(descriptor), in: context) != last
        }
    }
}

extension ModelContainer {
    /// The results of `descriptor` now, and again whenever a commit changes them (see ``LiveQuery``).
    public func liveQuery<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) -> LiveQuery<T> {
        LiveQuery(container: self, descriptor: descriptor)
    }
}
