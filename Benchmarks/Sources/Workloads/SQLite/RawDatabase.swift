import Foundation
import GRDBSQLite

/// A thin owner of a sqlite3 connection for the raw implementations: open with the
/// shared settings, run SQL, prepare statements, wrap transactions. Deliberately no
/// more than that; the raw implementations are meant to show the C API's floor.
public final class RawDatabase {
    public let handle: OpaquePointer

    /// Opens (creating if needed) the database at `url` and applies `StoreSettings`.
    public init(_ url: URL) throws {
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(url.path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw WorkloadError("sqlite3_open_v2(\(url.path)): \(message)")
        }
        handle = db
        // Waits for another connection's lock (W10 opens several at once) instead of
        // failing; a single connection never waits.
        sqlite3_busy_timeout(db, 10_000)
        for pragma in StoreSettings.pragmas { try execute(pragma) }
        // Parse the schema now, as GRDB does while opening a connection, so that the
        // first measured statement does not pay for it on the raw side only.
        try execute("SELECT count(*) FROM sqlite_master")
    }

    deinit { sqlite3_close_v2(handle) }

    var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// Runs one or more statements that return nothing of interest.
    public func execute(_ sql: String) throws {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw WorkloadError("\(sql): \(errorMessage)") }
    }

    public func prepare(_ sql: String) throws -> RawStatement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw WorkloadError("prepare \(sql): \(errorMessage)") }
        return RawStatement(statement, database: self)
    }

    /// Runs `body` in one IMMEDIATE transaction, rolling back if it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The single integer a query such as `SELECT COUNT(*) ...` returns.
    public func scalarInt(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        guard try statement.step() else { throw WorkloadError("\(sql): no row") }
        return statement.int(0)
    }
}
