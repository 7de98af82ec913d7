import Foundation

/// A container's custom ``DataStore``, seen by the contexts through ``DefaultSnapshot``s
/// whatever the store's type: the one place that opens the store's generic types.
protocol CustomStore: AnyObject, Sendable {
    var identifier: String { get }
    /// The store's configuration's name, for messages.
    var name: String { get }
    /// The store replaces temporary identifiers in the relationships it saves
    /// (``DataStoreResolvingInsertedIdentifiers``).
    var resolvesInsertedIdentifiers: Bool { get }
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot>
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]
    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot>
    /// False when the store does not adopt ``DataStoreBatching``.
    func batchDelete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws -> Bool
    func erase() throws
    func initializeState(for editingState: EditingState)
    func invalidateState(for editingState: EditingState)
    func cachedSnapshots(for identifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot]
}

/// Opens a configuration's store.
enum CustomStoreOpener {
    static func open<C: DataStoreConfiguration>(_ configuration: C, schema: Schema,
                                                migrationPlan: (any SchemaMigrationPlan.Type)?) throws -> any CustomStore {
        guard C.Store.Snapshot.self == DefaultSnapshot.self else {
            throw OpenSwiftDataError.unsupportedByCustomStore(store: configuration.name,
                                                              operation: "A store whose snapshots are not DefaultSnapshot")
        }
        var configuration = configuration
        if configuration.schema == nil { configuration.schema = schema }
        try configuration.validate()
        return CustomStoreBox(try C.Store(configuration, migrationPlan: migrationPlan), name: configuration.name)
    }
}

/// The store, with its snapshots converted (they are `DefaultSnapshot`s: see `CustomStoreOpener`).
final class CustomStoreBox<Store: DataStore>: CustomStore, @unchecked Sendable {
    let store: Store
    let identifier: String
    let name: String
    let resolvesInsertedIdentifiers: Bool

    init(_ store: Store, name: String) {
        self.store = store
        self.identifier = store.identifier
        self.name = name
        self.resolvesInsertedIdentifiers = store is any DataStoreResolvingInsertedIdentifiers
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let result = try store.fetch(request)
        return DataStoreFetchResult(descriptor: result.descriptor,
                                    fetchedSnapshots: result.fetchedSnapshots.compactMap { $0 as? DefaultSnapshot },
                                    relatedSnapshots: result.relatedSnapshots.compactMapValues { $0 as? DefaultSnapshot })
    }

    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try store.fetchCount(request)
    }

    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try store.fetchIdentifiers(request)
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        var converted = DataStoreSaveChangesRequest<Store.Snapshot>(
            editingState: request.editingState,
            inserted: request.inserted.compactMap { $0 as? Store.Snapshot },
            updated: request.updated.compactMap { $0 as? Store.Snapshot },
            deleted: request.deleted.compactMap { $0 as? Store.Snapshot })
        converted.changedPropertyNames = request.changedPropertyNames
        let result = try store.save(converted)
        return DataStoreSaveChangesResult(for: result.storeIdentifier, remappedIdentifiers: result.remappedIdentifiers,
                                          snapshotsToReregister: result.snapshotsToReregister.compactMapValues { $0 as? DefaultSnapshot })
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
        try store.cachedSnapshots(for: identifiers, editingState: editingState).compactMapValues { $0 as? DefaultSnapshot }
    }
}
