import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

// The engine's stored form of a value and SQLite's: the same five storage classes.
extension StoredValue {
    /// A column of a statement's current row.
    init(sqliteStatement statement: OpaquePointer, index: Int32) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: self = .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: self = .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: self = .text(String._read(from: statement, at: index))
        case SQLITE_BLOB: self = .bytes(Data._read(from: statement, at: index))
        default: self = .null
        }
    }

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .bytes(data)
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .bytes(let data): data.databaseValue
        }
    }

    /// Binds the value to a statement's parameter; SQLite's result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let number): number._bind(to: statement, at: index)
        case .real(let number): number._bind(to: statement, at: index)
        case .text(let text): text._bind(to: statement, at: index)
        case .bytes(let data): data._bind(to: statement, at: index)
        }
    }
}
