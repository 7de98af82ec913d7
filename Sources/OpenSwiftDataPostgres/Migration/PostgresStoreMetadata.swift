#if PostgreSQL
import Foundation
import OpenSwiftData

/// What a database's tables were last brought to, kept in the location's schema as the
/// SQLite store keeps it in its file (a `Z_METADATA` key-value table): the schema
/// version, so that a migration plan knows which of its stages a database still needs,
/// and the schema itself as JSON, which the next migration diffs against.
enum PostgresStoreMetadata {
    static let table = "Z_METADATA"
    private static let versionKey = "version"
    private static let schemaKey = "schema"

    /// The recorded version; nil for a database that records none (one no container has
    /// opened yet, or one written before versions were recorded).
    static func version(on session: PostgresSession) throws -> Schema.Version? {
        guard case let .text(text)? = try value(of: versionKey, on: session) else { return nil }
        let parts = text.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return Schema.Version(parts[0], parts[1], parts[2])
    }

    /// The recorded schema; nil for a database that records none (new, or written before
    /// schemas were recorded: its tables are then read). A record whose JSON is `known`'s,
    /// as it is on every open of an up-to-date database, is taken without decoding it.
    static func schema(on session: PostgresSession, knowing known: StoredSchema.Encoded) throws -> StoredSchema? {
        guard case let .text(json)? = try value(of: schemaKey, on: session) else { return nil }
        if json == known.json { return known.schema }
        do {
            return try StoredSchema(json: json)
        } catch {
            throw OpenSwiftDataError.migrationFailed(
                "the schema recorded in the database's \(table) table cannot be read: \(error); the database was not changed")
        }
    }

    /// Records `version`, inside the caller's transaction.
    static func record(_ version: Schema.Version, on session: PostgresSession) throws {
        try record(.text(version.description), as: versionKey, on: session)
    }

    /// Records the schema the tables now have, inside the caller's transaction.
    static func record(_ schema: StoredSchema.Encoded, on session: PostgresSession) throws {
        try record(.text(schema.json), as: schemaKey, on: session)
    }

    /// Whether the location's schema holds any of `tables` yet.
    static func hasTables(_ tables: [String], on session: PostgresSession) throws -> Bool {
        try !existingTables(tables, on: session).isEmpty
    }

    /// Whether any of `tables` has the `Z_PK` column every store's table is made with.
    static func anyHasKeyColumn(_ tables: [String], on session: PostgresSession) throws -> Bool {
        guard !tables.isEmpty else { return false }
        let placeholders = tables.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        return try !session.query("SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() "
                                  + "AND column_name = 'Z_PK' AND table_name IN (\(placeholders)) LIMIT 1", tables.map { .text($0) }).isEmpty
    }

    /// Those of `tables` the configuration's schema holds, sorted.
    static func existingTables(_ tables: [String], on session: PostgresSession) throws -> [String] {
        guard !tables.isEmpty else { return [] }
        let placeholders = tables.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let rows = try session.query("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename IN (\(placeholders)) "
                                     + "ORDER BY tablename", tables.map { .text($0) })
        return rows.compactMap { if case let .text(name) = $0[0] { name } else { nil } }
    }

    private static func value(of key: String, on session: PostgresSession) throws -> PostgresValue? {
        let exists = try session.query("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1", [.text(table)])
        guard !exists.isEmpty else { return nil }
        return try session.query("SELECT \"value\" FROM \(PostgresDialect.quote(table)) WHERE \"key\" = $1", [.text(key)]).first?[0]
    }

    private static func record(_ value: PostgresValue, as key: String, on session: PostgresSession) throws {
        let name = PostgresDialect.quote(table)
        try session.execute("CREATE TABLE IF NOT EXISTS \(name) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
        try session.execute("INSERT INTO \(name) (\"key\", \"value\") VALUES ($1, $2) ON CONFLICT (\"key\") DO UPDATE SET \"value\" = EXCLUDED.\"value\"",
                            [.text(key), value])
    }
}
#endif
