import FluentSQLiteDriver
import Foundation
import GRDBSQLite

/// The SQLite libraries the engines run on, for the report: raw, GRDB and
/// OpenSwiftData link the system's library; Fluent's sqlite-nio compiles in its own.
public enum SQLiteVersions {
    public static var system: String { String(cString: sqlite3_libversion()) }

    /// What `select sqlite_version()` answers through Fluent, on a scratch store.
    public static func fluent() throws -> String {
        let directory = try ScratchDirectory.make("sqlite-version")
        defer { ScratchDirectory.removeRoot() }
        return try FluentStore(directory.appendingPathComponent("store.sqlite")).sqliteVersion()
    }
}
