#if PostgreSQL
import Foundation
import OpenSwiftData
import Synchronization

/// A container's store in a PostgreSQL database, chosen with a ``PostgresConfiguration``.
///
/// It sits behind the same seam as the SQLite store: contexts ask it for rows, which
/// their models' generated readers read straight from the cells, and hand it their
/// changes to save, doing everything else (identity, change tracking, delete rules,
/// validation, what of a predicate or sort SQL cannot say) as on the SQLite store.
/// Tables are laid out as the SQLite store lays them out (``PostgresSchemaLayout``),
/// so a row's `Z_PK` is its model's identifier on both.
///
/// Each save is one transaction on a connection of the store's pool, retried when it
/// loses a serialisation race; inserted models with a unique key that exists update
/// that row (`INSERT … ON CONFLICT`), as SwiftData's upsert does. A cascade to
/// children nothing else refers to is one `DELETE` by their key column, in the store.
public final class PostgresStore: ModelStore, @unchecked Sendable {
    public let configuration: PostgresConfiguration
    public let identifier: String
    public let schema: Schema
    let layout: PostgresSchemaLayout
    let mappings: [String: PostgresEntityMapping]
    /// The store's sessions: its pool, or a migration's session (``PostgresConnections``).
    let connections: PostgresConnections
    package let changes = StoreChanges()
    package var name: String { configuration.name }
    /// Counts the fetches: a registered model without unsaved changes takes what each
    /// one reads (the merge rule), the server giving no cheaper sign that a row changed.
    let generations = Atomic<UInt64>(1)

    /// Connects to the server and brings the database to the schema (see
    /// ``PostgresMigration``: the tables, and a migration plan's stages from the
    /// version the database records), in one transaction under the schema lock.
    public convenience init(_ configuration: PostgresConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else { throw PostgresStoreError.missingSchema }
        let pool = PostgresSessionPool(location: configuration.location, maximumSessions: configuration.maximumConnections)
        do {
            try self.init(schema: schema, configuration: configuration, connections: PostgresConnections(pool: pool))
            let migration = PostgresMigration(configuration: configuration, schema: schema, plan: migrationPlan)
            try pool.transaction { session in
                try layout.lockSchema(on: session)
                // Before the migration: a stage's saves record history.
                try PostgresHistoryTables.create(on: session)
                try migration.run(on: session, layout: layout)
                try PostgresChangeAnnouncements.install(on: session, tables: layout.tableNames)
            }
        } catch {
            pool.close()
            throw error
        }
    }

    /// A store of `schema` on the session of a migration under way, for a stage's code.
    convenience init(migrating session: PostgresSession, schema: Schema, configuration: PostgresConfiguration) throws {
        try self.init(schema: schema, configuration: configuration, connections: PostgresConnections(migration: session))
    }

    private init(schema: Schema, configuration: PostgresConfiguration, connections: PostgresConnections) throws {
        // Refused rather than stored wrong: each entity would get a table of its own,
        // and a fetch of a superclass would not find its subclasses' rows.
        if let subentity = schema.entities.first(where: { $0.superentity != nil }), let superentity = subentity.superentity {
            throw PostgresStoreError.modelInheritance(entity: subentity.name, superentity: superentity.name)
        }
        self.configuration = configuration
        self.schema = schema
        self.identifier = configuration.location.description
        let layout = try PostgresSchemaLayout(schema: schema)
        self.layout = layout
        var mappings: [String: PostgresEntityMapping] = [:]
        for table in layout.tables {
            guard let entity = schema.entitiesByName[table.entityName] else { continue }
            mappings[table.entityName] = try PostgresEntityMapping(entity: entity, table: table, in: schema)
        }
        self.mappings = mappings
        self.connections = connections
    }

    deinit {
        connections.close()
    }

    /// The entity's mapping; an entity the schema does not have is a programmer's error
    /// the context reports before asking.
    func mapping(for entityName: String) throws -> PostgresEntityMapping {
        guard let mapping = mappings[entityName] else { throw OpenSwiftDataError.modelNotInSchema(entityName) }
        return mapping
    }

    /// Drops every table of the schema, with the rows in them, and makes them again empty.
    public func erase() throws {
        try connections.transaction { session in
            try layout.lockSchema(on: session)
            for name in layout.tableNames.reversed() {
                try session.execute("DROP TABLE IF EXISTS \(PostgresDialect.quote(name)) CASCADE")
            }
            _ = try layout.createMissing(on: session)
            try PostgresHistoryTables.erase(on: session)
        }
        changes.didCommit(touching: nil)
    }

    /// The entity stored in the table; nil for a join table, whose changes may concern
    /// either side.
    func entityName(ofTable table: String) -> String? {
        mappings.values.first { $0.table.name == table }?.entityName
    }

    /// Listens for commits other servers (and other clients) announce on the database
    /// (see `PostgresChangeAnnouncements`); a store inside a migration does not.
    package func followCommitsOfOtherProcesses(for id: UUID) -> Task<Void, Never>? {
        guard connections.pool != nil else { return nil }
        return PostgresChangeAnnouncements.follow(self, subscriber: id)
    }

    /// Whether a cascade along the relationship is one `DELETE` of the children by
    /// their key column, without the context loading them.
    package func cascadesInStore(_ relationship: Schema.Relationship) -> Bool {
        schema.cascadesByKey(relationship)
    }

    /// A to-many relationship kept by its members' foreign key: appended members take
    /// the positions after the largest their siblings hold.
    package func appendsWithoutLoading(_ relationship: Schema.Relationship) -> Bool {
        relationship.isKeptByMembersForeignKey
    }
}
#endif
