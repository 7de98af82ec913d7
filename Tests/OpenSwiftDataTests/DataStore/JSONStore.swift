import Foundation
import OpenSwiftData

// A custom store in one JSON file, written as a SwiftData user writes one (after
// WWDC24's "Create a custom data store with SwiftData"): it keeps every model's
// `DefaultSnapshot`, leaves predicates and sorts to the context, and mints a UUID
// key for each inserted model. The knobs below the line let tests make it filter
// by itself, or fail a save.

final class JSONStoreConfiguration: DataStoreConfiguration {
    typealias Store = JSONStore

    var name: String
    var schema: Schema?
    var fileURL: URL

    // Test knobs.
    /// When set, the store answers a fetch with a predicate by this filter instead of
    /// preferring the context's in-memory filter.
    var filter: (@Sendable (DefaultSnapshot) -> Bool)?
    /// How many of the next saves throw.
    var failingSaves = 0
    /// Predicates and saves the store received, for tests to look at.
    var receivedPredicates = 0
    var receivedSaves: [DataStoreSaveChangesRequest<DefaultSnapshot>] = []
    /// What `validate()` throws, if anything.
    var validationFailure: (any Error)?

    init(name: String, schema: Schema? = nil, fileURL: URL) {
        self.name = name
        self.schema = schema
        self.fileURL = fileURL
    }

    func validate() throws {
        if let validationFailure { throw validationFailure }
    }

    static func == (lhs: JSONStoreConfiguration, rhs: JSONStoreConfiguration) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

struct JSONStoreSaveFailure: Error {}

final class JSONStore: DataStore {
    typealias Configuration = JSONStoreConfiguration
    typealias Snapshot = DefaultSnapshot

    var configuration: JSONStoreConfiguration
    var name: String
    var schema: Schema
    var identifier: String

    init(_ configuration: JSONStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.name = configuration.name
        self.schema = configuration.schema ?? Schema([])
        self.identifier = configuration.fileURL.lastPathComponent
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        var snapshots = try read()
        if request.descriptor.predicate != nil {
            guard let filter = configuration.filter else { throw DataStoreError.preferInMemoryFilter }
            configuration.receivedPredicates += 1
            snapshots = snapshots.filter { filter($0.value) }
        }
        if !request.descriptor.sortBy.isEmpty {
            throw DataStoreError.preferInMemorySort
        }
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: Array(snapshots.values),
                                    relatedSnapshots: try read())
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        configuration.receivedSaves.append(request)
        if configuration.failingSaves > 0 {
            configuration.failingSaves -= 1
            throw JSONStoreSaveFailure()
        }
        var remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:]
        var snapshots = try read()
        for snapshot in request.inserted {
            let permanentIdentifier = try PersistentIdentifier.identifier(for: identifier, entityName: snapshot.persistentIdentifier.entityName,
                                                                          primaryKey: UUID())
            snapshots[permanentIdentifier] = snapshot.copy(persistentIdentifier: permanentIdentifier)
            remappedIdentifiers[snapshot.persistentIdentifier] = permanentIdentifier
        }
        for snapshot in request.updated {
            snapshots[snapshot.persistentIdentifier] = snapshot
        }
        for snapshot in request.deleted {
            snapshots[snapshot.persistentIdentifier] = nil
        }
        try write(snapshots)
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remappedIdentifiers)
    }

    func erase() throws {
        try write([:])
    }

    func read() throws -> [PersistentIdentifier: DefaultSnapshot] {
        guard FileManager.default.fileExists(atPath: configuration.fileURL.path) else { return [:] }
        let decoder = JSONDecoder()
        let snapshots = try decoder.decode([DefaultSnapshot].self, from: Data(contentsOf: configuration.fileURL))
        return Dictionary(snapshots.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { _, last in last })
    }

    func write(_ snapshots: [PersistentIdentifier: DefaultSnapshot]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Array(snapshots.values)).write(to: configuration.fileURL)
    }
}

/// The JSON store with batch deletes: a store adopts `DataStoreBatching` to delete
/// many models in one request.
final class BatchingJSONStoreConfiguration: DataStoreConfiguration {
    typealias Store = BatchingJSONStore

    let json: JSONStoreConfiguration
    var name: String { json.name }
    var schema: Schema? {
        get { json.schema }
        set { json.schema = newValue }
    }
    var batchDeletes = 0

    init(_ json: JSONStoreConfiguration) { self.json = json }

    static func == (lhs: BatchingJSONStoreConfiguration, rhs: BatchingJSONStoreConfiguration) -> Bool { lhs.json == rhs.json }
    func hash(into hasher: inout Hasher) { hasher.combine(json) }
}

final class BatchingJSONStore: DataStoreBatching {
    typealias Configuration = BatchingJSONStoreConfiguration
    typealias Snapshot = DefaultSnapshot

    let configuration: BatchingJSONStoreConfiguration
    let json: JSONStore
    var schema: Schema { json.schema }
    var identifier: String { json.identifier }

    init(_ configuration: BatchingJSONStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.json = try JSONStore(configuration.json, migrationPlan: migrationPlan)
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        try json.fetch(request)
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try json.save(request)
    }

    /// Deletes every snapshot of the entity; this store filters by nothing else.
    func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        configuration.batchDeletes += 1
        let entityName = String(describing: T.self)
        try json.write(json.read().filter { $0.key.entityName != entityName })
    }
}
