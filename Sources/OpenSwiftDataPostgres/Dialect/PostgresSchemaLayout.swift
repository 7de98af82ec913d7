#if PostgreSQL
import OpenSwiftData

/// The tables, join tables and indexes of a ``Schema`` in PostgreSQL, and their creation.
///
/// Names are the SQLite store's: one table per entity, named after it; join tables
/// `Z_<Entity>_<relationship>`; index names `<table>_unique_…`, `<table>_index_…`,
/// `<table>_fk_…` (see ``PostgresEntityTable``).
public struct PostgresSchemaLayout: Sendable {
    /// One per entity, in the schema's order.
    public let tables: [PostgresEntityTable]
    /// Every join table once, in the order the entities first name them.
    public let joinTables: [PostgresJoinTable]

    /// Throws when an attribute's type cannot be stored or a name is too long for PostgreSQL.
    public init(schema: Schema) throws(PostgresStoreError) {
        var tables: [PostgresEntityTable] = []
        for entity in schema.entities {
            tables.append(try PostgresEntityTable(entity: entity, in: schema))
        }
        var seen: Set<String> = []
        self.tables = tables
        self.joinTables = tables.flatMap(\.joinTables).filter { seen.insert($0.name).inserted }
    }

    public func table(named name: String) -> PostgresEntityTable? {
        tables.first { $0.name == name }
    }

    /// Every table name, entities' first.
    public var tableNames: [String] { tables.map(\.name) + joinTables.map(\.name) }

    /// The statements that create what is missing, in order: tables, then indexes, then
    /// references (which need every table).
    public var creationSQL: [String] {
        tables.map(\.createTableSQL) + joinTables.flatMap(\.createSQL) + tables.flatMap(\.indexes).map(\.createSQL)
            + tables.flatMap(\.foreignKeys).map(\.addSQL)
    }

    /// Creates the tables that are missing, and any missing index, in one transaction
    /// under a transaction-level advisory lock (`pg_advisory_xact_lock`): two
    /// processes that start at once create the schema once, the second finding it
    /// made, and a failure leaves the database as it was (PostgreSQL's DDL is
    /// transactional). Creates the location's `schema` first when it names one.
    ///
    /// Existing tables are left alone, whatever their columns: changing them is a
    /// migration's work. Returns the names of the tables it created.
    @discardableResult
    public func create(on session: PostgresSession) throws -> [String] {
        try session.transaction { session in
            try lockSchema(on: session)
            return try createMissing(on: session)
        }
    }

    /// Takes the transaction-level advisory lock that serialises schema changes in the
    /// location's schema, and creates that schema when it names one. Call it first in
    /// the transaction that changes the schema.
    public func lockSchema(on session: PostgresSession) throws {
        try session.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                            [.text(PostgresDialect.schemaLockName(schema: session.location.schema))])
        if let schema = session.location.schema {
            try session.execute("CREATE SCHEMA IF NOT EXISTS \(PostgresDialect.quote(schema))")
        }
    }

    /// Creates the missing tables, indexes and references, inside the caller's
    /// transaction (after ``lockSchema(on:)``); returns the names of the tables it created.
    public func createMissing(on session: PostgresSession) throws -> [String] {
        let existing = Set(try session.query("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").compactMap {
            if case let .text(name) = $0[0] { name } else { nil }
        })
        var created: [String] = []
        for table in tables where !existing.contains(table.name) {
            try session.execute(table.createTableSQL)
            created.append(table.name)
        }
        for joinTable in joinTables where !existing.contains(joinTable.name) {
            for statement in joinTable.createSQL { try session.execute(statement) }
            created.append(joinTable.name)
        }
        // Only the missing: `CREATE INDEX IF NOT EXISTS` locks the table against writes before
        // it finds the index there, and another server's save, holding that table and waiting
        // for the history lock, deadlocked with an open that held the history table so.
        let indexes = try Self.indexNames(on: session)
        for index in tables.flatMap(\.indexes) where !indexes.contains(index.name) {
            try session.execute(index.createSQL)
        }
        let createdTables = Set(created)
        for foreignKey in tables.flatMap(\.foreignKeys) where createdTables.contains(foreignKey.table) {
            try session.execute(foreignKey.addSQL)
        }
        return created
    }

    /// The names of the indexes in the session's schema.
    static func indexNames(on session: PostgresSession) throws -> Set<String> {
        Set(try session.query("SELECT indexname::text FROM pg_indexes WHERE schemaname = current_schema()").compactMap {
            if case let .text(name) = $0[0] { name } else { nil }
        })
    }
}
#endif
