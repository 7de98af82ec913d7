import Foundation

/// An attribute's value as the engine hands it to a store and takes it back: one of
/// five forms, the storage classes SQLite keeps. Every attribute type has exactly one
/// form (see `_PrimitiveValue` and `ValueCodec`); the PostgreSQL store maps each to its
/// column type.
///
/// The hot paths do not pass through it: the generated readers and writers of a model
/// read and bind each property directly (see `_RowSource` and `_RowSink`). It is the
/// form of values compared, captured in predicates, kept in snapshots and history.
public enum StoredValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bytes(Data)

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as a number, for an integer or a real; nil otherwise.
    var double: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .real(let number): number
        default: nil
        }
    }
}

extension StoredValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): "\"\(text)\""
        case .bytes(let data): "\(data.count) bytes"
        }
    }
}
