import Foundation

/// A row with no columns: what a reader that reads none is given (a stand-in's, whose
/// every column is -1), and what stands for another store's row in a reader of a
/// SQLite statement.
final class EmptyRow: _RowSource, @unchecked Sendable {
    static let shared = EmptyRow()

    var rowID: Int64 { 0 }
    func columnName(at column: Int32) -> String { "" }
    func isNull(at column: Int32) -> Bool { true }
    func integer(at column: Int32) -> Int64? { nil }
    func real(at column: Int32) -> Double? { nil }
    func text(at column: Int32) -> String? { nil }
    func bytes(at column: Int32) -> Data? { nil }
    func storedValue(at column: Int32) -> StoredValue { .null }
}
