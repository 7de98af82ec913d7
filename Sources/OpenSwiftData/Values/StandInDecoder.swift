import Foundation

/// Makes the "zero" of a `Decodable` type, for a stand-in value when a read failed
/// and the property has no declared default: it answers every request with nil,
/// zero, false, an empty string or an empty collection, and the zero of the
/// Foundation types whose own decoding would refuse those (URL, UUID).
///
/// A type whose `init(from:)` refuses every such value (a custom validating decoder,
/// an enum with associated values) gets none.
struct StandInDecoder: Decoder {
    /// Deeper than any real value: a type that contains itself stops here.
    private static let maximumDepth = 32

    let codingPath: [any CodingKey]
    /// How many values enclose this one, keyed or not.
    private let depth: Int
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func value<T: Decodable>(of type: T.Type) -> T? {
        try? StandInDecoder(codingPath: []).decode(T.self)
    }

    init(codingPath: [any CodingKey], depth: Int = 0) {
        self.codingPath = codingPath
        self.depth = depth
    }

    func decode<T: Decodable>(_ type: T.Type, key: (any CodingKey)? = nil) throws -> T {
        if let known = Self.knownZero(of: type) { return known }
        if let cases = type as? any CaseIterable.Type, let first = Self.firstCase(of: cases) as? T { return first }
        let path = key.map { codingPath + [$0] } ?? codingPath
        guard depth < Self.maximumDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "no stand-in: the type contains itself"))
        }
        return try T(from: StandInDecoder(codingPath: path, depth: depth + 1))
    }

    private static func firstCase<C: CaseIterable>(of _: C.Type) -> Any? { C.allCases.first }

    private static func knownZero<T>(of type: T.Type) -> T? {
        switch type {
        case is URL.Type: URL(fileURLWithPath: "/") as? T
        case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? T
        case is Date.Type: Date(timeIntervalSinceReferenceDate: 0) as? T
        case is Decimal.Type: Decimal(0) as? T
        case is Data.Type: Data() as? T
        default: nil
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(codingPath: codingPath) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// Every key is present and holds nil or a zero.
    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: StandInDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { true }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.decode(type, key: key) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.decode(type, key: key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.decode(type, key: key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.decode(type, key: key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.decode(type, key: key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.decode(type, key: key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.decode(type, key: key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.decode(type, key: key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.decode(type, key: key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.decode(type, key: key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.decode(type, key: key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.decode(type, key: key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.decode(type, key: key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.decode(type, key: key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.decode(type, key: key) }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(StandInDecoder.Keyed<NestedKey>(decoder: StandInDecoder(codingPath: codingPath + [key], depth: decoder.depth + 1)))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { Unkeyed(codingPath: codingPath + [key]) }
        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { StandInDecoder(codingPath: codingPath + [key], depth: decoder.depth + 1) }
    }

    /// Every array is empty.
    private struct Unkeyed: UnkeyedDecodingContainer {
        let codingPath: [any CodingKey]
        var count: Int? { 0 }
        var isAtEnd: Bool { true }
        var currentIndex: Int { 0 }
        private func end() -> DecodingError {
            .valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "a stand-in array is empty"))
        }
        mutating func decodeNil() throws -> Bool { throw end() }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw end() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> { throw end() }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw end() }
        mutating func superDecoder() throws -> any Decoder { throw end() }
    }

    /// A single value is nil when it may be, else the zero of its type.
    private struct Single: SingleValueDecodingContainer {
        let decoder: StandInDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        func decodeNil() -> Bool { true }
        func decode(_ type: Bool.Type) throws -> Bool { false }
        func decode(_ type: String.Type) throws -> String { "" }
        func decode(_ type: Double.Type) throws -> Double { 0 }
        func decode(_ type: Float.Type) throws -> Float { 0 }
        func decode(_ type: Int.Type) throws -> Int { 0 }
        func decode(_ type: Int8.Type) throws -> Int8 { 0 }
        func decode(_ type: Int16.Type) throws -> Int16 { 0 }
        func decode(_ type: Int32.Type) throws -> Int32 { 0 }
        func decode(_ type: Int64.Type) throws -> Int64 { 0 }
        func decode(_ type: UInt.Type) throws -> UInt { 0 }
        func decode(_ type: UInt8.Type) throws -> UInt8 { 0 }
        func decode(_ type: UInt16.Type) throws -> UInt16 { 0 }
        func decode(_ type: UInt32.Type) throws -> UInt32 { 0 }
        func decode(_ type: UInt64.Type) throws -> UInt64 { 0 }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
    }
}
