import Foundation
import OpenSwiftData

/// A container's store in a PostgreSQL database, chosen with a ``PostgresConfiguration``.
///
/// It is a ``DataStore``: contexts send it the snapshots of the models they save and
/// ask it for the snapshots of the models they fetch, and do everything else (identity,
/// change tracking, delete rules, validation, predicates and sorts it leaves to them)
/// as on the SQLite store. Tables are laid out as the SQLite store lays them out
/// (``PostgresSchemaLayout``), so a row's `Z_PK` is its model's identifier on both.
///
/// Each save is one transaction on a connection of the store's pool, retried when it
/// loses a serialisation race; inserted models with a unique key that exists update
/// that row (`INSERT … ON CONFLICT`), as SwiftData's upsert does.
public final class PostgresStore: DataStore, DataStoreResolvingInsertedIdentifiers, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: PostgresConfiguration
    public let identifier: String
    public let schema: Schema
    let layout: PostgresSchemaLayout
    let mappings: [String: PostgresEntityMapping]
    let pool: PostgresSessionPool

    /// Connects to the server, brings existing tables to the schema (see
    /// `PostgresLightweightMigration`) and creates the missing ones, in one transaction
    /// under the schema lock.
    ///
    /// A migration plan whose stages are all lightweight needs nothing more: the
    /// lightweight migration brings the tables to the schema. Custom stages are not yet
    /// run on PostgreSQL: a plan with one is refused, naming the stage.
    public init(_ configuration: PostgresConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else { throw PostgresStoreError.missingSchema }
        // Refused rather than stored wrong: each entity would get a table of its own,
        // and a fetch of a superclass would not find its subclasses' rows.
        if let subentity = schema.entities.first(where: { $0.superentity != nil }), let superentity = subentity.superentity {
            throw PostgresStoreError.modelInheritance(entity: subentity.name, superentity: superentity.name)
        }
        if let custom = migrationPlan?.stages.first(where: { if case .custom = $0 { true } else { false } }) {
            throw OpenSwiftDataError.unsupportedByCustomStore(store: configuration.name, operation: "The \(custom) of a migration plan")
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
        pool = PostgresSessionPool(location: configuration.location, maximumSessions: configuration.maximumConnections)
        do {
            try prepareTables()
        } catch {
            pool.close()
            throw error
        }
    }

    deinit {
        pool.close()
    }

    /// The entity's mapping; an entity the schema does not have is a programmer's error
    /// the context reports before asking.
    func mapping(for entityName: String) throws -> PostgresEntityMapping {
        guard let mapping = mappings[entityName] else { throw OpenSwiftDataError.modelNotInSchema(entityName) }
        return mapping
    }

    /// Drops every table of the schema, with the rows in them.
    public func erase() throws {
        try pool.transaction { session in
            for name in layout.tableNames.reversed() {
                try session.execute("DROP TABLE IF EXISTS \(PostgresDialect.quote(name)) CASCADE")
            }
            // The next container on the database creates them again.
        }
        try prepareTables()
    }

    private func prepareTables() throws {
        let migration = PostgresLightweightMigration(mappings: layout.tables.compactMap { mappings[$0.entityName] })
        try pool.transaction { session in
            try layout.lockSchema(on: session)
            try migration.run(on: session)
            _ = try layout.createMissing(on: session)
        }
    }
}
