#if PostgreSQL
import Foundation
import OpenSwiftData

/// One value as it travels to and from a PostgreSQL column: a bind parameter or a
/// result cell.
///
/// Each case is one of the column types ``PostgresDialect`` declares, so a stored
/// attribute is always one of these; ``PostgresAttributeCodec`` turns a model's Swift
/// values into them and back.
public enum PostgresValue: Sendable, Hashable, CustomStringConvertible {
    case null
    /// `BIGINT`: every integer type, and `Int`-backed enums.
    case bigint(Int64)
    /// `DOUBLE PRECISION`: `Double`, `Float`, and `Date` as seconds since 2001-01-01.
    case double(Double)
    /// `BOOLEAN`.
    case boolean(Bool)
    /// `TEXT`: `String`, `URL`, and `String`-backed enums.
    case text(String)
    /// `NUMERIC`: `Decimal`, exactly.
    case numeric(Decimal)
    /// `UUID`.
    case uuid(UUID)
    /// `BYTEA`: `Data`.
    case bytea(Data)
    /// `JSONB`: any other `Codable` value, as its JSON text.
    case jsonb(String)
    /// A one-dimensional array of values of one column type (NULLs allowed): a bind
    /// only, the values of one column of many rows for `unnest` (see ``PostgresArrayWire``).
    indirect case array(PostgresColumnType, [PostgresValue])

    public var isNull: Bool { self == .null }

    /// The column type the value is of; nil for NULL, which is of every type, and an array.
    public var columnType: PostgresColumnType? {
        switch self {
        case .null, .array: nil
        case .bigint: .bigint
        case .double: .doublePrecision
        case .boolean: .boolean
        case .text: .text
        case .numeric: .numeric
        case .uuid: .uuid
        case .bytea: .bytea
        case .jsonb: .jsonb
        }
    }

    public var description: String {
        switch self {
        case .null: "NULL"
        case let .bigint(value): "\(value)"
        case let .double(value): "\(value)"
        case let .boolean(value): "\(value)"
        case let .text(value): "\"\(value)\""
        case let .numeric(value): value._canonicalText
        case let .uuid(value): value.uuidString
        case let .bytea(value): "\(value.count) bytes"
        case let .jsonb(value): value
        case let .array(type, values): "\(values.count) \(type.sqlName) values"
        }
    }
}
#endif
