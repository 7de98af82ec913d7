import Foundation

/// A store of a program's own that backs a ``ModelContainer``: a JSON file, a web
/// service, another database. The container creates it from its configuration, and
/// every ``ModelContext`` of the container reads and writes models through it as
/// snapshots of their values.
///
/// The declarations are SwiftData's (iOS 18), so that a store written for SwiftData
/// compiles unchanged; see <doc:CustomDataStores> for a store in a JSON file and for
/// what a container on a custom store does not offer.
public protocol DataStore: AnyObject {
    associatedtype Configuration: DataStoreConfiguration where Configuration.Store == Self
    associatedtype Snapshot: DataStoreSnapshot

    /// Opens the store the configuration describes; the container fills in the
    /// configuration's `schema` with its own when the configuration has none.
    init(_ configuration: Configuration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws

    var configuration: Configuration { get }
    /// Names the store in the identifiers of its models (see
    /// ``PersistentIdentifier/identifier(for:entityName:primaryKey:)``).
    var identifier: String { get }
    var schema: Schema { get }

    /// The snapshots of the models the request's descriptor selects. A store that
    /// cannot evaluate the predicate or the sort throws ``DataStoreError/preferInMemoryFilter``
    /// or ``DataStoreError/preferInMemorySort``: the context then asks again without
    /// them and applies them itself.
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Snapshot>
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]
    /// Writes one save of a context: inserted snapshots carry temporary identifiers,
    /// and the result's `remappedIdentifiers` gives each its permanent one.
    func save(_ request: DataStoreSaveChangesRequest<Snapshot>) throws -> DataStoreSaveChangesResult<Snapshot>
    func erase() throws
    /// A context on the store was created (with this editing state) ...
    func initializeState(for editingState: EditingState)
    /// ... and went away.
    func invalidateState(for editingState: EditingState)
    /// Snapshots the store already holds in memory, asked for before a fetch when a
    /// context resolves a relationship.
    func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: Snapshot]
}

extension DataStore {
    /// Counts what `fetch` returns of the requested entity.
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try fetchIdentifiers(request).count
    }

    /// The identifiers of what `fetch` returns of the requested entity (a store may
    /// return every snapshot it holds, as the WWDC24 JSON store does).
    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        let entityName = T._$entityName
        return try fetch(request).fetchedSnapshots.map(\.persistentIdentifier).filter { $0.entityName == entityName }
    }

    /// A store that does not say how to erase itself cannot be erased.
    public func erase() throws {
        throw DataStoreError.unsupportedFeature
    }

    /// Does nothing: a store that keeps state per context overrides it.
    public func initializeState(for editingState: EditingState) {}

    /// Does nothing: a store that keeps state per context overrides it.
    public func invalidateState(for editingState: EditingState) {}

    /// No snapshots are cached: the context fetches what it needs.
    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: Snapshot] {
        [:]
    }
}
