#if PostgreSQL
import Foundation
import OpenSwiftData

/// How the values of one attribute type are stored in PostgreSQL: its column type,
/// and the conversion of its Swift values to ``PostgresValue`` and back.
///
/// It makes the same choices as the engine's SQLite value codec, so that a model
/// stores the same information on either store: a primitive as itself, an enum with
/// a primitive raw value as that raw value, any other `Codable` value as JSON; `nil`
/// as `NULL`. The column types differ where PostgreSQL has a better one:
///
/// | Swift | SQLite store | PostgreSQL |
/// |---|---|---|
/// | `Int`, `Int8`…`Int64`, `UInt8`…`UInt32` | `INTEGER` | `BIGINT` |
/// | `UInt`, `UInt64` | `INTEGER`, the bit pattern | `BIGINT`, the bit pattern |
/// | `Double`, `Float` | `REAL` | `DOUBLE PRECISION` |
/// | `Bool` | `INTEGER` 0 or 1 | `BOOLEAN` |
/// | `String`, `URL` | `TEXT` | `TEXT` |
/// | `Date` | `REAL` seconds since 2001-01-01 | `DOUBLE PRECISION`, the same seconds |
/// | `Decimal` | `TEXT`, exact | `NUMERIC`, exact |
/// | `UUID` | 16-byte `BLOB` | `UUID` |
/// | `Data` | `BLOB` | `BYTEA` |
/// | other `Codable` | JSON `TEXT` | `JSONB` |
///
/// `Date` keeps the store's representation rather than `TIMESTAMPTZ`, whose
/// microseconds would change a `Date()` in a save and fetch (a `Double` second count
/// keeps a tenth of a microsecond today), so that a date read back compares equal to
/// the one saved, as on SQLite and Core Data. Another tool reads it as a time with
/// `to_timestamp(column + 978307200)`. `UInt64` values above `Int64.max` are stored
/// as their bit pattern, as on SQLite: they read back exactly but sort as negative.
public struct PostgresAttributeCodec: @unchecked Sendable {
    /// The Swift type of the attribute, optional or not.
    public let valueType: Any.Type
    /// The attribute's type without optionality, or the raw value's type for enums.
    public let storedType: Any.Type
    public let isOptional: Bool
    public let columnType: PostgresColumnType
    private let encodeValue: (Any) throws(PostgresStoreError) -> PostgresValue
    private let decodeValue: (PostgresValue) -> Any?

    /// The codec of an attribute of the engine's schema.
    public init?(attribute: Schema.Attribute) {
        self.init(for: attribute.valueType)
    }

    /// The codec of a Swift type; nil when the type cannot be stored (neither a
    /// primitive, nor an enum with a primitive raw value, nor `Codable`).
    public init?(for type: Any.Type) {
        if let optional = type as? any OptionalValue.Type {
            guard let wrapped = PostgresAttributeCodec(for: optional.wrappedType) else { return nil }
            self.init(
                valueType: type, storedType: wrapped.storedType, isOptional: true, columnType: wrapped.columnType,
                encode: { value throws(PostgresStoreError) in
                    guard let optionalValue = value as? any OptionalValue else { return try wrapped.encode(value) }
                    guard let unwrapped = optionalValue.wrappedValue else { return .null }
                    return try wrapped.encode(unwrapped)
                },
                decode: { value in
                    if value.isNull { return optional.noneValue }
                    return wrapped.decodeValue(value).flatMap(optional.wrapping)
                })
            return
        }
        if let primitive = Self.primitive(type) {
            self = primitive
        } else if let raw = type as? any RawRepresentable.Type, let codec = Self.rawValue(raw) {
            self = codec
        } else if let codable = type as? any Codable.Type {
            self = Self.json(codable)
        } else {
            return nil
        }
    }

    private init(valueType: Any.Type, storedType: Any.Type, isOptional: Bool, columnType: PostgresColumnType,
                 encode: @escaping (Any) throws(PostgresStoreError) -> PostgresValue, decode: @escaping (PostgresValue) -> Any?) {
        self.valueType = valueType
        self.storedType = storedType
        self.isOptional = isOptional
        self.columnType = columnType
        self.encodeValue = encode
        self.decodeValue = decode
    }

    /// The value to bind for a Swift value of this type (`nil` as `.null`).
    public func encode(_ value: Any) throws(PostgresStoreError) -> PostgresValue {
        try encodeValue(value)
    }

    /// The Swift value of a stored value, of exactly ``valueType``. Throws when the
    /// column holds something this type cannot take (a number too large, an enum case
    /// this version does not know, JSON of another shape, `NULL` for a non-optional).
    public func decode(_ value: PostgresValue) throws(PostgresStoreError) -> Any {
        guard let decoded = decodeValue(value) else {
            throw .unreadableValue(value.description, typeName: "\(valueType)")
        }
        return decoded
    }

    private static func make<T>(_: T.Type, _ columnType: PostgresColumnType,
                                encode: @escaping (T) throws(PostgresStoreError) -> PostgresValue,
                                decode: @escaping (PostgresValue) -> T?) -> PostgresAttributeCodec {
        PostgresAttributeCodec(
            valueType: T.self, storedType: T.self, isOptional: false, columnType: columnType,
            encode: { value throws(PostgresStoreError) in
                guard let typed = value as? T else { throw .valueOfWrongType(expected: "\(T.self)", found: "\(type(of: value))") }
                return try encode(typed)
            },
            decode: { decode($0) })
    }

    private static func integer<I: FixedWidthInteger>(_: I.Type) -> PostgresAttributeCodec {
        make(I.self, .bigint, encode: { .bigint(Int64(exactly: $0) ?? Int64(truncatingIfNeeded: $0)) }, decode: { value in
            guard case let .bigint(stored) = value else { return nil }
            // UInt and UInt64 keep their bit pattern, as on SQLite.
            if let exact = I(exactly: stored) { return exact }
            return !I.isSigned && I.bitWidth == 64 ? I(truncatingIfNeeded: stored) : nil
        })
    }

    private static func primitive(_ type: Any.Type) -> PostgresAttributeCodec? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): integer(Int.self)
        case ObjectIdentifier(Int8.self): integer(Int8.self)
        case ObjectIdentifier(Int16.self): integer(Int16.self)
        case ObjectIdentifier(Int32.self): integer(Int32.self)
        case ObjectIdentifier(Int64.self): integer(Int64.self)
        case ObjectIdentifier(UInt.self): integer(UInt.self)
        case ObjectIdentifier(UInt8.self): integer(UInt8.self)
        case ObjectIdentifier(UInt16.self): integer(UInt16.self)
        case ObjectIdentifier(UInt32.self): integer(UInt32.self)
        case ObjectIdentifier(UInt64.self): integer(UInt64.self)
        case ObjectIdentifier(Double.self):
            make(Double.self, .doublePrecision, encode: { .double($0) }, decode: { if case let .double(v) = $0 { v } else { nil } })
        case ObjectIdentifier(Float.self):
            make(Float.self, .doublePrecision, encode: { .double(Double($0)) }, decode: { if case let .double(v) = $0 { Float(v) } else { nil } })
        case ObjectIdentifier(Bool.self):
            make(Bool.self, .boolean, encode: { .boolean($0) }, decode: { if case let .boolean(v) = $0 { v } else { nil } })
        case ObjectIdentifier(String.self):
            make(String.self, .text, encode: { value throws(PostgresStoreError) in
                // PostgreSQL's text types cannot hold U+0000 (SQLite's can).
                guard !value.utf8.contains(0) else { throw .textContainsNUL }
                return .text(value)
            }, decode: { if case let .text(v) = $0 { v } else { nil } })
        case ObjectIdentifier(URL.self):
            make(URL.self, .text, encode: { .text($0.absoluteString) }, decode: { if case let .text(v) = $0 { URL(string: v) } else { nil } })
        case ObjectIdentifier(Data.self):
            make(Data.self, .bytea, encode: { .bytea($0) }, decode: { if case let .bytea(v) = $0 { v } else { nil } })
        case ObjectIdentifier(UUID.self):
            make(UUID.self, .uuid, encode: { .uuid($0) }, decode: { if case let .uuid(v) = $0 { v } else { nil } })
        case ObjectIdentifier(Date.self):
            make(Date.self, .doublePrecision, encode: { .double($0.timeIntervalSinceReferenceDate) }, decode: {
                if case let .double(v) = $0 { Date(timeIntervalSinceReferenceDate: v) } else { nil }
            })
        case ObjectIdentifier(Decimal.self):
            make(Decimal.self, .numeric, encode: { value throws(PostgresStoreError) in
                // NUMERIC would take 'NaN', but no query could compare it; SQLite's store refuses it too.
                guard !value.isNaN else { throw .decimalNotANumber }
                return .numeric(value)
            }, decode: { if case let .numeric(v) = $0 { v } else { nil } })
        default: nil
        }
    }

    private static func rawValue<R: RawRepresentable>(_: R.Type) -> PostgresAttributeCodec? {
        guard let raw = primitive(R.RawValue.self) else { return nil }
        return PostgresAttributeCodec(
            valueType: R.self, storedType: R.RawValue.self, isOptional: false, columnType: raw.columnType,
            encode: { value throws(PostgresStoreError) in
                guard let typed = value as? R else { throw .valueOfWrongType(expected: "\(R.self)", found: "\(type(of: value))") }
                return try raw.encode(typed.rawValue)
            },
            decode: { value in (raw.decodeValue(value) as? R.RawValue).flatMap(R.init(rawValue:)) })
    }

    private static func json<C: Codable>(_: C.Type) -> PostgresAttributeCodec {
        PostgresAttributeCodec(
            valueType: C.self, storedType: C.self, isOptional: false, columnType: .jsonb,
            encode: { value throws(PostgresStoreError) in
                guard let typed = value as? C else { throw .valueOfWrongType(expected: "\(C.self)", found: "\(type(of: value))") }
                let text: String
                do {
                    text = try JSONValue.encode(typed)
                } catch {
                    throw .valueNotEncodable(typeName: "\(C.self)", reason: "\(error)")
                }
                // jsonb refuses the escape of U+0000 in its strings.
                guard !text.contains("\\u0000") else { throw .textContainsNUL }
                return .jsonb(text)
            },
            decode: { value in
                guard case let .jsonb(text) = value else { return nil }
                return try? JSONValue.decode(C.self, from: text)
            })
    }
}
#endif
