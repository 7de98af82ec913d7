import Foundation
import OpenSwiftData

// A custom store in one JSON file, written as a SwiftData user writes one (after
// WWDC24's "Create a custom data store with SwiftData"), in a module of its own as a
// user's is: it keeps every model's `DefaultSnapshot`, leaves predicates and sorts to
// the context, and mints a UUID key for each inserted model. It checks no unique key
// and migrates nothing: it writes what each save sends. The knobs below the line let
// tests make it filter by itself, or fail a save. OpenSwiftDataTests' custom-store
// tests and StoreBehaviourTests (as `StoreKind.json`) both use it.

public final class JSONStoreConfiguration: DataStoreConfiguration {
    public typealias Store = JSONStore

    public var name: String
    public var schema: Schema?
    public var fileURL: URL

    // Test knobs.
    /// When set, the store answers a fetch with a predicate by this filter instead of
    /// preferring the context's in-memory filter.
    public var filter: (@Sendable (DefaultSnapshot) -> Bool)?
    /// How many of the next saves throw.
    public var failingSaves = 0
    /// Predicates and saves the store received, for tests to look at.
    public var receivedPredicates = 0
    public var receivedSaves: [DataStoreSaveChangesRequest<DefaultSnapshot>] = []
    /// What `validate()` throws, if anything.
    public var validationFailure: (any Error)?

    public init(name: String, schema: Schema? = nil, fileURL: URL) {
        self.name = name
        self.schema = schema
        self.fileURL = fileURL
    }

    public func validate() throws {
        if let validationFailure { throw validationFailure }
    }

    public static func == (lhs: JSONStoreConfiguration, rhs: JSONStoreConfiguration) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

public struct JSONStoreSaveFailure: Error {
    public init() {}
}

public final class JSONStore: DataStore {
    public typealias Configuration = JSONStoreConfiguration
    public typealias Snapshot = DefaultSnapshot

    public var configuration: JSONStoreConfiguration
    public var name: String
    public var schema: Schema
    public var identifier: String

    public init(_ configuration: JSONStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.name = configuration.name
        self.schema = configuration.schema ?? Schema([])
        self.identifier = configuration.fileURL.lastPathComponent
    }

    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
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

    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
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

    public func erase() throws {
        try write([:])
    }

    public func read() throws -> [PersistentIdentifier: DefaultSnapshot] {
        guard FileManager.default.fileExists(atPath: configuration.fileURL.path) else { return [:] }
        let decoder = JSONDecoder()
        let snapshots = try decoder.decode([DefaultSnapshot].self, from: Data(contentsOf: configuration.fileURL))
        return Dictionary(snapshots.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func write(_ snapshots: [PersistentIdentifier: DefaultSnapshot]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Array(snapshots.values)).write(to: configuration.fileURL)
    }
}

/// The JSON store with batch deletes: a store adopts `DataStoreBatching` to delete
/// many models in one request.
public final class BatchingJSONStoreConfiguration: DataStoreConfiguration {
    public typealias Store = BatchingJSONStore

    public let json: JSONStoreConfiguration
    public var name: String { json.name }
    public var schema: Schema? {
        get { json.schema }
        set { json.schema = newValue }
    }
    public var batchDeletes = 0

    public init(_ json: JSONStoreConfiguration) { self.json = json }

    public static func == (lhs: BatchingJSONStoreConfiguration, rhs: BatchingJSONStoreConfiguration) -> Bool { lhs.json == rhs.json }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}

public final class BatchingJSONStore: DataStoreBatching {
    public typealias Configuration = BatchingJSONStoreConfiguration
    public typealias Snapshot = DefaultSnapshot

    public let configuration: BatchingJSONStoreConfiguration
    public let json: JSONStore
    public var schema: Schema { json.schema }
    public var identifier: String { json.identifier }

    public init(_ configuration: BatchingJSONStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.json = try JSONStore(configuration.json, migrationPlan: migrationPlan)
    }

    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        try json.fetch(request)
    }

    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try json.save(request)
    }

    /// Deletes every snapshot of the entity; this store filters by nothing else.
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        configuration.batchDeletes += 1
        let entityName = String(describing: T.self)
        try json.write(json.read().filter { $0.key.entityName != entityName })
    }
}
