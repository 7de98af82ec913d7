import Foundation
import OpenSwiftData

// A program's own store that passes every request to the SQLite store's `DefaultStore`,
// as a store that logs or checks requests before the default store would. A container
// on it reaches the store file only through snapshots: OpenSwiftDataTests'
// `DefaultStoreTests` and StoreBehaviourTests (as `StoreKind.defaultStore`) use it.

public final class WrappedDefaultStoreConfiguration: DataStoreConfiguration {
    public typealias Store = WrappedDefaultStore
    public var name = "wrapped"
    public var schema: Schema?
    public let url: URL

    public init(url: URL) { self.url = url }

    public static func == (lhs: WrappedDefaultStoreConfiguration, rhs: WrappedDefaultStoreConfiguration) -> Bool { lhs.url == rhs.url }
    public func hash(into hasher: inout Hasher) { hasher.combine(url) }
}

public final class WrappedDefaultStore: DataStore, DataStoreBatching, HistoryProviding {
    public typealias Configuration = WrappedDefaultStoreConfiguration
    public typealias Snapshot = DefaultSnapshot

    public let configuration: WrappedDefaultStoreConfiguration
    public let base: DefaultStore
    public var identifier: String { base.identifier }
    public var schema: Schema { base.schema }

    public init(_ configuration: WrappedDefaultStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        base = try DefaultStore(ModelConfiguration(schema: configuration.schema, url: configuration.url), migrationPlan: migrationPlan)
    }

    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        try base.fetch(request)
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int { try base.fetchCount(request) }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try base.fetchIdentifiers(request)
    }

    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try base.save(request)
    }

    public func erase() throws { try base.erase() }

    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws { try base.delete(request) }

    public func fetchHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws -> [DefaultHistoryTransaction] {
        try base.fetchHistory(descriptor)
    }

    public func deleteHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws { try base.deleteHistory(descriptor) }
}
