import Foundation

/// How the values of one attribute are stored, for work done at run time rather than
/// in generated code: statements built from predicates, migrations, defaults.
///
/// It makes the same choices as the generated `read`/`write` calls: a primitive as
/// itself, an enum with a primitive raw value as that raw value, any other `Codable`
/// value as JSON text; `nil` as `NULL`.
struct ValueCodec: @unchecked Sendable {
    enum Kind: Equatable { case primitive, rawValue, json }

    let kind: Kind
    /// The Swift type of the property, optional or not.
    let valueType: Any.Type
    /// The type stored in the column: the property's type without optionality, or
    /// the raw value's type for enums.
    let storedType: Any.Type
    let isOptional: Bool
    let columnType: String
    let encode: (Any) throws -> StoredValue
    let decode: (StoredValue) throws -> Any

    /// A value of the type for a read that failed: nil, zero, empty, the first case of
    /// an enum, a JSON value decoded from an empty object or array, or a `Codable`
    /// value made of zeros (see `StandInDecoder`); nil when the type has none of these.
    var standInValue: Any? {
        if let cases = valueType as? any CaseIterable.Type, let first = Self.firstCase(of: cases) { return first }
        let candidates: [StoredValue] = [.null, .integer(0), .text(""), .bytes(Data()), .text("{}"), .text("[]"),
                                         .text("00000000-0000-0000-0000-000000000000")]
        for candidate in candidates {
            if let value = try? decode(candidate) { return value }
        }
        if let decodable = storedType as? any Decodable.Type { return Self.zero(of: decodable) }
        return nil
    }

    private static func zero<T: Decodable>(of _: T.Type) -> Any? { StandInDecoder.value(of: T.self) }

    private static func firstCase<C: CaseIterable>(of _: C.Type) -> Any? { C.allCases.first }

    /// True when the column holds a `Decimal` as text, compared numerically.
    var isDecimal: Bool { storedType == Decimal.self }

    static func make(for type: Any.Type) -> ValueCodec? {
        if let optional = type as? any _OptionalType.Type {
            guard let wrapped = make(for: optional._wrappedType) else { return nil }
            return ValueCodec(
                kind: wrapped.kind, valueType: type, storedType: wrapped.storedType, isOptional: true,
                columnType: wrapped.columnType,
                encode: { value in
                    // An optional holding nil is NULL; a value that is no optional is the wrapped value itself.
                    guard let optional = value as? any _OptionalType else { return try wrapped.encode(value) }
                    guard let unwrapped = optional._unwrapped else { return .null }
                    return try wrapped.encode(unwrapped)
                },
                decode: { value in
                    value.isNull ? optional._none : optional._wrap(try wrapped.decode(value))
                })
        }
        if let primitive = type as? any _PrimitiveValue.Type {
            return primitiveCodec(primitive)
        }
        if let raw = type as? any RawRepresentable.Type, let codec = rawValueCodec(raw) {
            return codec
        }
        if let codable = type as? any Codable.Type {
            return jsonCodec(codable)
        }
        return nil
    }

    private static func primitiveCodec<P: _PrimitiveValue>(_: P.Type) -> ValueCodec {
        ValueCodec(
            kind: .primitive, valueType: P.self, storedType: P.self, isOptional: false, columnType: P._columnType,
            encode: { value in
                guard let value = value as? P else { throw ValueCodecError.wrongType(expected: P.self, found: type(of: value)) }
                return value._storedValue
            },
            decode: { value in
                guard let decoded = P._decode(value) else { throw ValueCodecError.undecodable(value, as: P.self) }
                return decoded
            })
    }

    private static func rawValueCodec<R: RawRepresentable>(_: R.Type) -> ValueCodec? {
        guard let rawType = R.RawValue.self as? any _PrimitiveValue.Type else { return nil }
        let raw = primitiveCodec(rawType)
        return ValueCodec(
            kind: .rawValue, valueType: R.self, storedType: R.RawValue.self, isOptional: false, columnType: raw.columnType,
            encode: { value in
                guard let value = value as? R else { throw ValueCodecError.wrongType(expected: R.self, found: type(of: value)) }
                return try raw.encode(value.rawValue)
            },
            decode: { value in
                guard let rawValue = try raw.decode(value) as? R.RawValue, let decoded = R(rawValue: rawValue) else {
                    throw ValueCodecError.undecodable(value, as: R.self)
                }
                return decoded
            })
    }

    private static func jsonCodec<C: Codable>(_: C.Type) -> ValueCodec {
        ValueCodec(
            kind: .json, valueType: C.self, storedType: C.self, isOptional: false, columnType: "TEXT",
            encode: { value in
                guard let value = value as? C else { throw ValueCodecError.wrongType(expected: C.self, found: type(of: value)) }
                return .text(try JSONValue.encode(value))
            },
            decode: { value in
                guard case .text(let text) = value else { throw ValueCodecError.undecodable(value, as: C.self) }
                return try JSONValue.decode(C.self, from: text)
            })
    }
}

enum ValueCodecError: Error, CustomStringConvertible {
    case wrongType(expected: Any.Type, found: Any.Type)
    case undecodable(StoredValue, as: Any.Type)
    case notTransformedToData(transformer: String)
    case notReverseTransformed(transformer: String, into: Any.Type)

    var description: String {
        switch self {
        case let .wrongType(expected, found): "expected a value of type \(expected), found \(found)"
        case let .undecodable(value, type): "the stored value \(value) is not \(ValueKindWords.words(for: type))"
        case let .notTransformedToData(transformer):
            "the value transformer \(transformer) did not turn the value into Data, which is what a transformable attribute stores; make its transformedValue(_:) return Data"
        case let .notReverseTransformed(transformer, type):
            "the value transformer \(transformer) did not turn the stored Data back into a \(type); make its reverseTransformedValue(_:) return one"
        }
    }
}

/// Lets code that holds an `Any.Type` see through `Optional`.
protocol _OptionalType {
    static var _wrappedType: Any.Type { get }
    static var _none: Any { get }
    static func _wrap(_ value: Any) -> Any
    var _unwrapped: Any? { get }
}

extension Optional: _OptionalType {
    static var _wrappedType: Any.Type { Wrapped.self }
    static var _none: Any { Optional<Wrapped>.none as Any }
    static func _wrap(_ value: Any) -> Any { Optional(value as! Wrapped) as Any }
    var _unwrapped: Any? { self.map { $0 as Any } }
}
