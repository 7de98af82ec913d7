#if PostgreSQL
import Foundation
import OpenSwiftData

/// The schema version a database's tables were last brought to, kept in the location's
/// schema as the SQLite store keeps it in its file (a `Z_METADATA` key-value table), so
/// that a migration plan knows which of its stages a database still needs.
enum PostgresSchemaVersion {
    static let table = "Z_METADATA"
    static let key = "version"

    /// The recorded version; nil for a database that records none (one no container has
    /// opened yet, or one written before versions were recorded).
    static func read(on session: PostgresSession) throws -> Schema.Version? {
        let exists = try session.query("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1", [.text(table)])
        guard !exists.isEmpty else { return nil }
        let rows = try session.query("SELECT \"value\" FROM \(PostgresDialect.quote(table)) WHERE \"key\" = $1", [.text(key)])
        guard case let .text(text)? = rows.first?[0] else { return nil }
        let parts = text.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return Schema.Version(parts[0], parts[1], parts[2])
    }

    /// Records `version`, inside the caller's transaction.
    static func record(_ version: Schema.Version, on session: PostgresSession) throws {
        let name = PostgresDialect.quote(table)
        try session.execute("CREATE TABLE IF NOT EXISTS \(name) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
        try session.execute("INSERT INTO \(name) (\"key\", \"value\") VALUES ($1, $2) ON CONFLICT (\"key\") DO UPDATE SET \"value\" = EXCLUDED.\"value\"",
                            [.text(key), .text(version.description)])
    }

    /// Whether the location's schema holds any of `tables` yet.
    static func hasTables(_ tables: [String], on session: PostgresSession) throws -> Bool {
        guard !tables.isEmpty else { return false }
        let placeholders = tables.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let rows = try session.query("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename IN (\(placeholders)) LIMIT 1",
                                     tables.map { .text($0) })
        return !rows.isEmpty
    }
}
#endif
