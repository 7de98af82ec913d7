import Foundation
import Synchronization

/// The store of a schema's models, and the contexts that work on it.
///
/// A container opens (and creates or migrates) its store when it is made, so a store
/// that cannot be used is reported here, before any context exists.
public final class ModelContainer: @unchecked Sendable {
    /// The models the container stores.
    public let schema: Schema
    /// The configurations the container was made with: a store each (see `init`).
    public let configurations: Set<ModelConfiguration>
    /// The plan the store was migrated with when opened, if any.
    public let migrationPlan: (any SchemaMigrationPlan.Type)?
    /// The stores: SQLite's by default, PostgreSQL's, or a program's own ``DataStore``;
    /// one per configuration, each holding the models of its configuration's schema.
    let stores: ContainerStores

    /// Set on the main actor by ``mainContext``, and by the main context itself when it
    /// gives a container over the same stores (see ``ModelContext/container``).
    nonisolated(unsafe) var mainContextStorage: ModelContext?

    /// The context of the main actor. It autosaves (see ``ModelContext/autosaveEnabled``).
    @MainActor public var mainContext: ModelContext {
        if let context = mainContextStorage { return context }
        let context = ModelContext(mainOf: self)
        context.autosaveEnabled = true
        context.isMainContext = true
        mainContextStorage = context
        return context
    }

    /// Opens a container for the models (and every model they reach) with the configurations.
    public convenience init(for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(forTypes), migrationPlan: nil, configurations: configurations)
    }

    /// Opens a container for the models, migrating the store with the plan first when it was written by an earlier schema.
    public convenience init(for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)?,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Opens a container for the schema with the configurations, migrating with the plan if given.
    public convenience init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Opens a store for each configuration (a default file store when none is given).
    ///
    /// A configuration with a schema holds the models of that schema; the first
    /// configuration without one holds the rest (a configuration that adds no model is
    /// left unopened). A relationship between models of two stores is refused, naming
    /// both. Saves are atomic per store: a save that changes models of two stores
    /// writes one transaction in each, in the configurations' order.
    ///
    /// A store that cannot be opened throws ``SwiftDataError`` of SwiftData's kind
    /// (`.loadIssueModelContainer`, `.backwardMigration`, `.unknownSchema`, or a
    /// configuration kind), whose ``SwiftDataError/explanation`` names what is wrong.
    public init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                configurations: [ModelConfiguration]) throws {
        let configurations = configurations.isEmpty ? [ModelConfiguration(schema: givenSchema)] : configurations
        self.schema = givenSchema
        self.configurations = Set(configurations)
        self.migrationPlan = migrationPlan
        do {
            try givenSchema.checkModelTypes()
            try Self.check(configurations, against: givenSchema)
            let assignments = try StoreAssignment.assign(configurations, in: givenSchema, name: \.name, schema: \.schema,
                                                         location: { AnyHashable($0.id) })
            if assignments.count > 1, migrationPlan != nil {
                throw OpenSwiftDataError.invalidConfiguration(name: assignments[1].configuration.name, problem: .migrationPlanWithSeveralStores)
            }
            let heldElsewhere = StoreAssignment.heldElsewhere(assignments, name: \.name)
            var stores: [any ModelStore] = []
            for (assignment, held) in zip(assignments, heldElsewhere) {
                stores.append(try SQLiteStore(schema: assignment.schema, configuration: assignment.configuration, migrationPlan: migrationPlan,
                                              heldElsewhere: held))
            }
            self.stores = ContainerStores(stores)
        } catch let error as OpenSwiftDataError {
            throw SwiftDataError(openingStore: error)
        }
        Self.warnOfAttributesWithoutStandIn(in: givenSchema)
        for configuration in configurations {
            if let cloudKit = configuration.cloudKitContainerIdentifier {
                Log.logger.notice("\(configuration.name): CloudKit container \(cloudKit) is not synced here; the store at \(configuration.url.path) is local")
            }
        }
    }

    /// Entities already warned of in this process, so that a program that makes many
    /// containers of one schema warns once.
    private static let entitiesWarnedOf = Mutex<Set<String>>([])

    /// Names, at the first launch rather than at the first failed read, each attribute
    /// whose failed read would stop the program (see `Schema.Entity.attributesWithoutStandIn`).
    private static func warnOfAttributesWithoutStandIn(in schema: Schema) {
        for entity in schema.entities where entitiesWarnedOf.withLock({ $0.insert(entity.name).inserted }) {
            for name in entity.attributesWithoutStandIn {
                Log.logger.warning("\(entity.name).\(name) has no default value and its type no zero value, so a read of it that the store cannot answer (its row deleted by another program, or unreadable) stops the program; give it a default value in its declaration")
            }
        }
    }

    /// SwiftData's checks of the configurations a container is given.
    static func check(_ configurations: [ModelConfiguration], against schema: Schema) throws {
        var byName: [String: ModelConfiguration] = [:]
        for configuration in configurations {
            if let problem = configuration.nameProblem {
                throw OpenSwiftDataError.invalidConfiguration(name: configuration.name, problem: problem)
            }
            // The same configuration given twice is one configuration.
            if let other = byName.updateValue(configuration, forKey: configuration.name), other != configuration {
                throw OpenSwiftDataError.invalidConfiguration(name: configuration.name, problem: .duplicateName)
            }
            let known = Set(schema.entities.map(\.name))
            if let stranger = configuration.schema?.entities.first(where: { !known.contains($0.name) }) {
                throw OpenSwiftDataError.invalidConfiguration(name: configuration.name, problem: .modelNotInContainerSchema(stranger.name))
            }
        }
    }

    /// A container over stores another container opened: the one a main context gives
    /// once no one holds the container that made it (see ``ModelContext/container``).
    init(schema: Schema, configurations: Set<ModelConfiguration>, migrationPlan: (any SchemaMigrationPlan.Type)?,
         stores: ContainerStores) {
        self.schema = schema
        self.configurations = configurations
        self.migrationPlan = migrationPlan
        self.stores = stores
    }

    /// A container over a store a migration holds, for a custom stage's contexts.
    init(schema: Schema, store: SQLiteStore) {
        self.schema = schema
        self.configurations = [store.configuration]
        self.migrationPlan = nil
        self.stores = ContainerStores(store)
    }

    /// A container on a store opened by other means than a ``ModelConfiguration``: a
    /// program's ``DataStore``, or the PostgreSQL store.
    package convenience init(schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?, store: any ModelStore) throws {
        try self.init(schema: schema, migrationPlan: migrationPlan, stores: [store])
    }

    /// A container on stores opened by other means, each holding the models of its
    /// schema; `configurations` are those of its SQLite stores.
    package init(schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?, stores: [any ModelStore],
                 configurations: Set<ModelConfiguration> = []) throws {
        self.schema = schema
        self.configurations = configurations
        self.migrationPlan = migrationPlan
        do {
            try schema.checkModelTypes()
        } catch let error as OpenSwiftDataError {
            throw SwiftDataError(openingStore: error)
        }
        self.stores = stores.count == 1 ? ContainerStores(stores[0]) : ContainerStores(stores)
    }

    /// Deletes every model of every entity from the stores, in one transaction each;
    /// the stores keep their schema.
    ///
    /// Contexts keep the models they have registered; fetch again afterwards.
    public func erase() throws {
        for store in stores.all { try store.erase() }
    }

    /// ``erase()``, logging a failure instead of throwing (SwiftData's iOS 17 spelling).
    public func deleteAllData() {
        do {
            try erase()
        } catch {
            Log.logger.error("deleteAllData failed: \(error)")
        }
    }
}

/// Containers are equal when they are the same container, as in SwiftData (a
/// `didSave` observer compares a notification's container with its own).
extension ModelContainer: Equatable {
    /// Two containers are equal when they are the same container.
    public static func == (lhs: ModelContainer, rhs: ModelContainer) -> Bool { lhs === rhs }
}
