import Foundation
import GRDB

/// The tables a file's schema names, read without changing the file: what tells a damaged
/// Trendy store, which is moved aside, from another program's damaged database, which is left.
enum StoreTables {
    /// The names of the tables in the schema of the database at `url` (SQLite's own left
    /// out); nil when its schema cannot be read. Opened read-only and immutable: nothing is
    /// written, no `-shm` made, and a `-wal` is not read, so a store whose tables are in
    /// its log alone reads as having none.
    static func names(at url: URL) -> [String]? {
        var configuration = Configuration()
        configuration.readonly = true
        // SQLite refuses the schema of a file shorter than its header says ("malformed")
        // unless the schema is writable; nothing is written, the file being read-only and immutable.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA writable_schema = ON") }
        guard let queue = try? DatabaseQueue(path: url.absoluteString + "?immutable=1", configuration: configuration) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        }
    }

    /// Whether the damaged file at `url` is recognisably another program's: its schema can
    /// be read, names tables, and lacks one of Trendy's (`Event` and `EventType`; a CardShow
    /// Pro store has an `Event` too). A file whose schema cannot be read, or names no table,
    /// cannot be told from a Trendy store and is not called another program's.
    static func isAnotherPrograms(_ url: URL) -> Bool {
        guard let names = names(at: url), !names.isEmpty else { return false }
        return !trendyTables.allSatisfy(names.contains)
    }

    /// Whether the damaged file at `url` is recognisably Trendy's: its schema can be read and
    /// names every table of Trendy's models.
    static func isTrendys(_ url: URL) -> Bool {
        guard let names = names(at: url) else { return false }
        return trendyTables.allSatisfy(names.contains)
    }

    private static var trendyTables: [String] { TrendySchemaV2.models.map { String(describing: $0) } }
}
