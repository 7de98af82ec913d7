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

    public var isNull: Bool { self == .null }

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
        }
    }
}
