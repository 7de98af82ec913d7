import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

extension Database {
    /// Runs `body` with a prepared statement from GRDB's cache, reset and unbound.
    ///
    /// Hot paths bind and step the raw statement themselves: preparing once and
    /// binding positionally is the cost the store can afford per row.
    func withStatement<Result>(_ sql: String, _ body: (OpaquePointer) throws -> Result) throws -> Result {
        let statement = try cachedStatement(sql: sql).sqliteStatement
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        defer { sqlite3_reset(statement) }
        return try body(statement)
    }

    /// The first column of every row the statement returns, as integers (row IDs).
    func rowIDs(_ sql: String, arguments: [DatabaseValue]) throws -> [Int64] {
        try withStatement(sql) { statement in
            bind(arguments, to: statement)
            var result: [Int64] = []
            while try step(statement) { result.append(sqlite3_column_int64(statement, 0)) }
            return result
        }
    }

    /// Steps a statement: true when it produced a row, false when done.
    @inline(__always)
    func step(_ statement: OpaquePointer) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            throw error(code, statement)
        }
    }

    /// The error a statement's step returned, as GRDB reports it.
    func error(_ code: Int32, _ statement: OpaquePointer) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(sqliteConnection)),
                      message: String(cString: sqlite3_errmsg(sqliteConnection)),
                      sql: sqlite3_sql(statement).map { String(cString: $0) })
    }

    /// Binds GRDB values to a raw statement, from parameter 1.
    func bind(_ values: [DatabaseValue], to statement: OpaquePointer) {
        for (index, value) in values.enumerated() {
            // GRDB binds text as a C string, which ends at the first NUL: "a\0b" would
            // be compared as "a". Text is bound with its length, as saves store it.
            if case .string(let text) = value.storage {
                _ = text._bind(to: statement, at: Int32(index + 1))
            } else {
                _ = value.bind(to: statement, at: Int32(index + 1))
            }
        }
    }
}
