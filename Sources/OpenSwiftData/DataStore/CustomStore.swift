import Foundation

/// A container's custom ``DataStore``, seen by the contexts through ``DefaultSnapshot``s
/// whatever the store's type: the one place that opens the store's generic types. A
/// store of its own snapshot type is sent snapshots made from the saved models'
/// backing data, and its snapshots are read through their `Codable` form.
protocol CustomStore: AnyObject, Sendable {
    var identifier: String { get }
    /// The store's configuration's name, for messages.
    var name: String { get }
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot>
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]
    /// Saves the request's snapshots; `models` are their models, in the same order.
    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>, of models: SavedModels) throws -> DataStoreSaveChangesResult<DefaultSnapshot>
    /// False when the store does not adopt ``DataStoreBatching``.
    func batchDelete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws -> Bool
    func erase() throws
    func initializeState(for editingState: EditingState)
    func invalidateState(for editingState: EditingState)
    func cachedSnapshots(for identifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot]
    /// The store, when it adopts ``HistoryProviding``.
    var historyProvider: (any HistoryProviding)? { get }
}

/// The models a save sends, in the order of its request's snapshots.
struct SavedModels {
    var inserted: [any PersistentModel] = []
    var updated: [any PersistentModel] = []
    var deleted: [any PersistentModel] = []
}

/// Opens a configuration's store.
enum CustomStoreOpener {
    static func open<C: DataStoreConfiguration>(_ configuration: C, schema: Schema,
                                                migrationPlan: (any SchemaMigrationPlan.Type)?) throws -> any CustomStore {
        var configuration = configuration
        if configuration.schema == nil { configuration.schema = schema }
        try configuration.validate()
        return CustomStoreBox(try C.Store(configuration, migrationPlan: migrationPlan), schema: schema, name: configuration.name)
    }
}

/// The store, with its snapshots converted to and from `DefaultSnapshot`s.
final class CustomStoreBox<Store: DataStore>: CustomStore, @unchecked Sendable {
    let store: Store
    let schema: Schema
    let identifier: String
    let name: String
    private let keepsDefaultSnapshots = Store.Snapshot.self == DefaultSnapshot.self

    init(_ store: Store, schema: Schema, name: String) {
        self.store = store
        self.schema = schema
        self.identifier = store.identifier
        self.name = name
    }

    var historyProvider: (any HistoryProviding)? { store as? any HistoryProviding }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let result = try store.fetch(request)
        return DataStoreFetchResult(descriptor: result.descriptor,
                                    fetchedSnapshots: try result.fetchedSnapshots.compactMap(read),
                                    relatedSnapshots: try result.relatedSnapshots.compactMapValues(read))
    }

    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try store.fetchCount(request)
    }

    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try store.fetchIdentifiers(request)
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>, of models: SavedModels) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        let converted = DataStoreSaveChangesRequest<Store.Snapshot>(
            editingState: request.editingState,
            inserted: snapshots(request.inserted, models.inserted),
            updated: snapshots(request.updated, models.updated),
            deleted: snapshots(request.deleted, models.deleted))
        let result = try store.save(converted)
        return DataStoreSaveChangesResult(for: result.storeIdentifier, remappedIdentifiers: result.remappedIdentifiers,
                                          snapshotsToReregister: try result.snapshotsToReregister.compactMapValues(read),
                                          historyToken: result.historyToken)
    }

    func batchDelete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws -> Bool {
        guard let batching = store as? any DataStoreBatching else { return false }
        try batching.delete(request)
        return true
    }

    func erase() throws { try store.erase() }

    func initializeState(for editingState: EditingState) { store.initializeState(for: editingState) }

    func invalidateState(for editingState: EditingState) { store.invalidateState(for: editingState) }

    func cachedSnapshots(for identifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try store.cachedSnapshots(for: identifiers, editingState: editingState).compactMapValues(read)
    }

    /// The store's snapshots of the models: the context's own when the store keeps
    /// `DefaultSnapshot`s, else the store's type made from each model's backing data.
    private func snapshots(_ defaults: [DefaultSnapshot], _ models: [any PersistentModel]) -> [Store.Snapshot] {
        if keepsDefaultSnapshots { return defaults.compactMap { $0 as? Store.Snapshot } }
        var related: [PersistentIdentifier: any BackingData] = [:]
        return models.map { Store.Snapshot(from: Self.backingData(of: $0), relatedBackingDatas: &related) }
    }

    private static func backingData<Model: PersistentModel>(of model: Model) -> any BackingData {
        model.persistentBackingData
    }

    /// A snapshot of the store as the context's `DefaultSnapshot`; nil for an entity
    /// the container's schema does not have.
    private func read(_ snapshot: Store.Snapshot) throws -> DefaultSnapshot? {
        if let snapshot = snapshot as? DefaultSnapshot { return snapshot }
        return try DefaultSnapshot(reading: snapshot, schema: schema, store: name)
    }
}
