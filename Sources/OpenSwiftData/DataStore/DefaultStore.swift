import Foundation

/// The SQLite store as a ``DataStore``: what SwiftData names its default store, the
/// `Store` of a ``ModelConfiguration``, for code that spells `ModelConfiguration.Store`
/// or talks to a store in ``DefaultSnapshot``s.
///
/// A container given ``ModelConfiguration``s (as such, or among other
/// ``DataStoreConfiguration``s) opens the SQLite store itself, and its contexts read rows
/// straight into the models' storage and bind that storage to statements; they do not
/// go through snapshots. A `DefaultStore` opens the same store file as such a container
/// would, as another connection to it (a second container on the file is one too), and
/// answers each request through a context of its own: what it saves, a container on the
/// file reads, with the store's history, unique keys and delete rules.
public final class DefaultStore: DataStore, DataStoreBatching, Sendable {
    public typealias Configuration = ModelConfiguration
    public typealias Snapshot = DefaultSnapshot
    /// The tokens of the store's history.
    public typealias TokenType = DefaultHistoryToken

    /// The configuration the store was opened with.
    public let configuration: ModelConfiguration
    /// The configuration's name.
    public let name: String
    /// The models the store holds.
    public let schema: Schema
    /// Names the store in the identifiers of its models, as a container's contexts name it.
    public let identifier: String
    /// The container whose contexts answer the store's requests.
    let container: ModelContainer

    /// Opens (creating or migrating) the store the configuration describes; the
    /// configuration must name its models (a container names them for it).
    public init(_ configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw SwiftDataError(openingStore: .invalidConfiguration(name: configuration.name, problem: .noModels))
        }
        self.configuration = configuration
        self.name = configuration.name
        self.schema = schema
        self.container = try ModelContainer(for: schema, migrationPlan: migrationPlan, configurations: [configuration])
        self.identifier = container.stores.all[0].identifier
    }

    /// A context for one request, saving under the requesting context's author.
    func context(for editingState: EditingState) -> ModelContext {
        let context = ModelContext(container)
        context.autosaveEnabled = false
        context.author = editingState.author
        return context
    }

    /// The snapshots of the models the request's descriptor selects, its predicate and
    /// sort run in SQL as a container's fetch runs them.
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let models = try context(for: request.editingState).fetch(request.descriptor)
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: try models.map(DefaultSnapshot.init(from:)),
                                    relatedSnapshots: [:])
    }

    /// The number of models the request selects, counted in SQL.
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try context(for: request.editingState).fetchCount(request.descriptor)
    }

    /// The identifiers of the models the request selects, in its order.
    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try context(for: request.editingState).fetchIdentifiers(request.descriptor)
    }

    /// Deletes every model; the store keeps its schema.
    public func erase() throws {
        try container.erase()
    }

    /// Deletes the models of `T` the predicate selects, in one statement where no
    /// delete rule needs them loaded, and with their delete rules applied.
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        let context = context(for: request.editingState)
        try context.delete(model: T.self, where: request.predicate, includeSubclasses: request.includeSubclasses)
        try context.save()
    }
}
