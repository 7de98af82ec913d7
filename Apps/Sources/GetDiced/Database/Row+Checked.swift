import GRDB

/// A value another program stored in a column where getdiced keeps something else: text
/// where a number belongs, NULL where a value must be. GRDB's subscript stops the process
/// on such a value; ``Row/checked(_:as:)`` throws this instead.
public struct UnreadableColumnValue: Error, Equatable, Sendable {
    /// The column, as the query names it.
    public let column: String
    /// What it holds, as SQLite shows it (`NULL`, `"abc"`), or in words for bytes ("3 bytes of binary data").
    public let value: String

    /// `stored` as a message shows it. GRDB describes bytes as `Data(3 bytes)`, a Swift type.
    static func shown(_ stored: DatabaseValue) -> String {
        if case .blob(let bytes) = stored.storage {
            return bytes.count == 1 ? "1 byte of binary data" : "\(bytes.count) bytes of binary data"
        }
        return String(stored.description.prefix(40))
    }
}

extension Row {
    /// The value of `column`, or ``UnreadableColumnValue`` when it holds NULL or a value of
    /// another kind.
    func checked<Value: DatabaseValueConvertible>(_ column: String, as _: Value.Type = Value.self) throws -> Value {
        guard let value = try checked(column, as: Value?.self) else {
            throw UnreadableColumnValue(column: column, value: UnreadableColumnValue.shown(.null))
        }
        return value
    }

    /// The value of `column`, nil when it holds NULL (or the query has no such column), or
    /// ``UnreadableColumnValue`` when it holds a value of another kind.
    func checked<Value: DatabaseValueConvertible>(_ column: String, as _: Value?.Type) throws -> Value? {
        let stored = self[column] as DatabaseValue? ?? .null
        if stored.isNull { return nil }
        guard let value = Value.fromDatabaseValue(stored) else {
            throw UnreadableColumnValue(column: column, value: UnreadableColumnValue.shown(stored))
        }
        return value
    }
}
