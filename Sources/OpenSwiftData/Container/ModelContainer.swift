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
    /// The first configuration's store (the only one, unless the container was given
    /// several configurations).
    var store: any ModelStore { stores.first }
    /// The identifier of the store of the first configuration, as the identifiers of its models name it.
    var storeIdentifier: String { stores.first.identifier }

    @MainActor var _mainContextStorage: ModelContext?

    /// The context of the main actor. It autosaves (see ``ModelContext/autosaveEnabled``).
    @MainActor public var mainContext: ModelContext {
        if let context = _mainContextStorage { return context }
        let context = ModelContext(self)
        context.autosaveEnabled = true
        context.isMainContext = true
        _mainContextStorage = context
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
            let assignments = try Self.storeSchemas(of: configurations, in: givenSchema)
            if assignments.count > 1, migrationPlan != nil {
                throw OpenSwiftDataError.invalidConfiguration(name: assignments[1].configuration.name, problem: .migrationPlanWithSeveralStores)
            }
            let schemas = assignments.count == 1 ? [givenSchema] : assignments.map(\.schema)
            var stores: [any ModelStore] = []
            for (index, (assignment, schema)) in zip(assignments, schemas).enumerated() {
                var heldElsewhere: [String: String] = [:]
                for (other, theirs) in assignments.enumerated() where other != index {
                    for entity in theirs.schema.entities { heldElsewhere[entity.name] = theirs.configuration.name }
                }
                stores.append(try SQLiteStore(schema: schema, configuration: assignment.configuration, migrationPlan: migrationPlan,
                                              heldElsewhere: heldElsewhere))
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

    /// The configurations that get a store, each with the schema of the models it
    /// holds: a configuration's own schema's, then, for the first configuration without
    /// one, the rest; models no configuration takes go to the first. A relationship
    /// between models of two stores is refused.
    private static func storeSchemas(of configurations: [ModelConfiguration], in schema: Schema) throws
        -> [(configuration: ModelConfiguration, schema: Schema)] {
        var seen: Set<String> = []
        let distinct = configurations.filter { seen.insert($0.name).inserted }
        guard distinct.count > 1 else { return [(distinct[0], schema)] }
        // Configurations naming one store file share the store: it holds the models of all of them.
        let storeOf = distinct.map { configuration in distinct.firstIndex { $0.id == configuration.id } ?? 0 }
        var owner: [String: Int] = [:]
        for (index, configuration) in distinct.enumerated() {
            for entity in configuration.schema?.entities ?? [] where owner[entity.name] == nil {
                // A class hierarchy is stored in its root's table: it goes whole.
                for member in schema.entities where member.rootEntity.name == entity.rootEntity.name { owner[member.name] = storeOf[index] }
            }
        }
        let rest = storeOf[distinct.firstIndex { $0.schema == nil } ?? 0]
        for entity in schema.entities where owner[entity.name] == nil { owner[entity.name] = rest }
        for entity in schema.entities {
            for relationship in entity.relationships {
                guard let mine = owner[entity.name], let theirs = owner[relationship.destination], mine != theirs else { continue }
                throw OpenSwiftDataError.invalidConfiguration(
                    name: distinct[mine].name,
                    problem: .relationshipAcrossStores(entity: entity.name, relationship: relationship.name, destination: relationship.destination,
                                                       destinationConfiguration: distinct[theirs].name))
            }
        }
        return distinct.indices.compactMap { index in
            let entities = schema.entities.filter { owner[$0.name] == index }
            guard !entities.isEmpty else {
                if storeOf[index] == index {
                    Log.logger.notice("\(distinct[index].name): the other configurations hold every model; its store is not opened")
                }
                return nil
            }
            return (distinct[index], Schema(entities: entities, version: schema.version, encodingVersion: schema.encodingVersion))
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
    private static func check(_ configurations: [ModelConfiguration], against schema: Schema) throws {
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

    /// A container over a store a migration holds, for a custom stage's contexts.
    init(schema: Schema, store: SQLiteStore) {
        self.schema = schema
        self.configurations = [store.configuration]
        self.migrationPlan = nil
        self.stores = ContainerStores(store)
    }

    /// A container on a store opened by other means than a ``ModelConfiguration``: a
    /// program's ``DataStore``, or the PostgreSQL store.
    package init(schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?, store: any ModelStore) throws {
        self.schema = schema
        self.configurations = []
        self.migrationPlan = migrationPlan
        do {
            try schema.checkModelTypes()
        } catch let error as OpenSwiftDataError {
            throw SwiftDataError(openingStore: error)
        }
        self.stores = ContainerStores(store)
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
