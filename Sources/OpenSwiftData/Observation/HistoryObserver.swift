import Foundation
import Observation
import Synchronization

/// Follows a container's stores and counts the arrivals of new history transactions:
/// SwiftData's `HistoryObserver` of iOS 27, outside SwiftUI too.
///
/// ```swift
/// let observer = try HistoryObserver(observedModels: [Trip.self], modelContainer: container)
/// // observe `observer.eventCounter` (the observer is `Observable`), then read the new
/// // transactions with `fetchHistory` after the token you keep.
/// ```
///
/// ``eventCounter`` grows by one each time the observer finds transactions after its
/// position that change one of ``observedModels`` (any model, when empty) and were written
/// by one of ``authors`` (any author, when empty); transactions that match neither still
/// move its position on. It looks after every save in this process that touches the
/// observed models (at once) and after every commit by another process (within the
/// store's poll interval, a quarter of a second; on PostgreSQL, another server's at once,
/// through `LISTEN`). The counter changes on the actor the observer was made on
/// (`isolation`). The observer stops when it is released.
///
/// A store that records no history (a custom store without it) cannot be observed: the
/// initialiser throws.
public final class HistoryObserver: Observable, @unchecked Sendable {
    /// How many times new matching transactions have arrived since the observer began.
    public var eventCounter: Int {
        registrar.access(self, keyPath: \.eventCounter)
        return counter.load(ordering: .acquiring)
    }

    /// The container whose stores the observer follows.
    public let modelContainer: ModelContainer
    /// The models whose changes count; every model when empty.
    public let observedModels: [any PersistentModel.Type]
    /// The transaction authors whose transactions count; every author when empty.
    public let authors: Set<String>

    private let observedEntities: Set<String>
    /// Where each followed store's watch starts: the last transaction already read, by
    /// the store's identifier. Each watch then keeps its own position.
    private let startingPositions: [String: Int64]
    private var watchers: [Task<Void, Never>] = []
    /// Atomic: the watches of several stores may count at once, and a reader on another
    /// thread reads it.
    private let counter = Atomic<Int>(0)
    private let registrar = ObservationRegistrar()

    /// Starts following the container's stores.
    ///
    /// - Parameters:
    ///   - historyTokens: where to start, by store identifier (a token of a transaction
    ///     already read); nil starts after the newest transaction of each store.
    ///   - observedModels: the models whose changes count; every model when empty.
    ///   - authors: the authors whose transactions count; every author when empty.
    ///   - modelContainer: the container to follow.
    ///   - isolation: the actor on which ``eventCounter`` changes.
    public convenience init(historyTokens: [String: any HistoryToken]? = nil, observedModels: [any PersistentModel.Type] = [],
                            authors: Set<String> = [], modelContainer: ModelContainer,
                            isolation: isolated (any Actor)? = #isolation) throws {
        let positions = try Self.startingPositions(historyTokens, observing: observedModels, in: modelContainer)
        self.init(positions: positions, observedModels: observedModels, authors: authors, modelContainer: modelContainer)
        start(isolation: isolation)
    }

    private init(positions: [String: Int64], observedModels: [any PersistentModel.Type], authors: Set<String>,
                 modelContainer: ModelContainer) {
        self.modelContainer = modelContainer
        self.observedModels = observedModels
        self.authors = authors
        self.observedEntities = Set(observedModels.map { $0._$entityName })
        self.startingPositions = positions
    }

    /// The newest transaction of each followed store, or the given token's.
    private static func startingPositions(_ tokens: [String: any HistoryToken]?, observing observedModels: [any PersistentModel.Type],
                                          in modelContainer: ModelContainer) throws -> [String: Int64] {
        for model in observedModels where modelContainer.schema.entitiesByName[model._$entityName] == nil {
            throw OpenSwiftDataError.modelNotInSchema(model._$entityName)
        }
        var positions: [String: Int64] = [:]
        for store in followedStores(of: modelContainer, observing: observedModels) {
            positions[store.identifier] = try store.latestHistoryTransaction() ?? 0
        }
        for (identifier, token) in tokens ?? [:] {
            guard positions[identifier] != nil else {
                throw OpenSwiftDataError.unsupportedQuery(
                    "HistoryObserver: \"\(identifier)\" is not the identifier of a store this observer follows; "
                        + "give the tokens of the container's own stores (a transaction's storeIdentifier)")
            }
            guard let token = token as? DefaultHistoryToken else {
                throw OpenSwiftDataError.unsupportedQuery(
                    "HistoryObserver: the token for \"\(identifier)\" is not a token of this store's history; give a token read from its transactions")
            }
            positions[identifier] = token.transaction
        }
        return positions
    }

    deinit {
        for watcher in watchers { watcher.cancel() }
    }

    /// The stores holding the observed models: all of the container's when none are named.
    private static func followedStores(of container: ModelContainer, observing models: [any PersistentModel.Type]) -> [any ModelStore] {
        guard !models.isEmpty else { return container.stores.all }
        var seen = Set<String>()
        return models.map { container.stores.store(of: $0._$entityName) }.filter { seen.insert($0.identifier).inserted }
    }

    /// One watch per store: a subscription taken now, so that no commit after the
    /// initialiser is missed, and a task that checks the store's history at each wake-up.
    private func start(isolation: isolated (any Actor)?) {
        let allEntities = Set(modelContainer.schema.entities.map(\.name))
        for store in Self.followedStores(of: modelContainer, observing: observedModels) {
            let entities = observedModels.isEmpty ? allEntities : observedModels.reduce(into: Set<String>()) { $0.formUnion(store.entitiesAffecting($1)) }
            let subscription = StoreSubscription(store: store, entities: entities)
            var position = startingPositions[store.identifier] ?? 0
            // The task runs on `isolation` (it captures it), so the counter changes there.
            watchers.append(Task { [weak self] in
                _ = isolation
                while await subscription.wait() {
                    guard let self else { return }
                    if self.readTransactions(of: store, after: &position) { self.count() }
                }
            })
        }
    }

    private func count() {
        registrar.withMutation(of: self, keyPath: \.eventCounter) { _ = counter.add(1, ordering: .releasing) }
    }

    /// Reads the store's transactions after `position`, moves `position` to the last of
    /// them, and tells whether any of them counts.
    private func readTransactions(of store: any ModelStore, after position: inout Int64) -> Bool {
        var bounds = HistoryBounds()
        bounds.lower = position + 1
        let transactions: [DefaultHistoryTransaction]
        do {
            transactions = try store.historyTransactions(within: bounds)
        } catch SwiftDataError.historyTokenExpired {
            // History past the position was deleted: what changed cannot be told, so it
            // counts, and the watch goes on from the newest transaction.
            position = (try? store.latestHistoryTransaction()) ?? position
            return true
        } catch {
            Log.logger.error("HistoryObserver cannot read the history of the store \(store.identifier): \(error)")
            return false
        }
        guard let last = transactions.last?.transactionIdentifier else { return false }
        position = max(position, last)
        return transactions.contains(where: counts)
    }

    private func counts(_ transaction: DefaultHistoryTransaction) -> Bool {
        if !authors.isEmpty, !(transaction.author.map(authors.contains) ?? false) { return false }
        return observedEntities.isEmpty || transaction.changes.contains { observedEntities.contains($0.changedPersistentIdentifier.entityName) }
    }
}
