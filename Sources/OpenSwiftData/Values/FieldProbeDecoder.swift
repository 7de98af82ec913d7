import Foundation

/// Makes values of a `Decodable` type whose every leaf tells where it was decoded
/// from, so that a key path into the type can be matched with the place its value
/// takes in the type's JSON (see `JSONField`).
///
/// Each leaf gets a value drawn from its position among the leaves and the run's
/// number: strings and numbers differ between leaves and between runs, booleans
/// spell a different pattern of bits across runs. One coding path can be left out
/// (`absent`): its key is missing, as in JSON written before the field existed.
struct FieldProbeDecoder: Decoder {
    /// Deeper than the fields queries read: a type that contains itself (perhaps more
    /// than once, which makes the values grow exponentially) stops here.
    private static let maximumDepth = 10

    /// What one decode draws from, shared by the containers it opens.
    final class Plan {
        let run: Int
        let absent: [String]?
        private(set) var leafCount = 0

        init(run: Int, absent: [String]? = nil) {
            self.run = run
            self.absent = absent
        }

        func nextLeaf() -> Int {
            leafCount += 1
            return leafCount
        }
    }

    let plan: Plan
    let path: [String]
    var codingPath: [any CodingKey] { path.map { ProbeKey(stringValue: $0) } }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A value of `type` made by the plan, or nil when the type refuses such values.
    static func value<T: Decodable>(of type: T.Type, plan: Plan) -> T? {
        try? FieldProbeDecoder(plan: plan, path: []).decode(T.self)
    }

    init(plan: Plan, path: [String]) {
        self.plan = plan
        self.path = path
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let leaf = leaf(of: type) { return leaf }
        guard path.count < Self.maximumDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "a probe does not go this deep"))
        }
        return try T(from: self)
    }

    /// The leaf value for this path, for the types JSON holds as one value.
    private func leaf<T>(of type: T.Type) -> T? {
        let run = plan.run
        func number() -> Int { plan.nextLeaf() * 3 + run * 37 }
        let value: Any? = switch type {
        case is String.Type: "p\(plan.nextLeaf())r\(run)"
        case is Bool.Type: (plan.nextLeaf() >> run) & 1 == 1
        case is Int.Type: number()
        case is Int8.Type: Int8(number() % 120)
        case is Int16.Type: Int16(truncatingIfNeeded: number())
        case is Int32.Type: Int32(truncatingIfNeeded: number())
        case is Int64.Type: Int64(truncatingIfNeeded: number())
        case is UInt.Type: UInt(truncatingIfNeeded: number())
        case is UInt8.Type: UInt8(number() % 250)
        case is UInt16.Type: UInt16(truncatingIfNeeded: number())
        case is UInt32.Type: UInt32(truncatingIfNeeded: number())
        case is UInt64.Type: UInt64(truncatingIfNeeded: number())
        case is Double.Type: Double(number()) / 4
        case is Float.Type: Float(number()) / 4
        case is Decimal.Type: Decimal(number()) / 4
        case is Date.Type: Date(timeIntervalSinceReferenceDate: Double(number()))
        case is UUID.Type: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number()))
        case is URL.Type: URL(string: "https://example.com/p\(number())")
        case is Data.Type: Data(String(number()).utf8)
        default: nil
        }
        if let value { return value as? T }
        if let cases = type as? any CaseIterable.Type {
            let all = Self.allCases(of: cases)
            return all.isEmpty ? nil : all[(plan.nextLeaf() + run) % all.count] as? T
        }
        return nil
    }

    private static func allCases<C: CaseIterable>(of _: C.Type) -> [Any] { C.allCases.map { $0 as Any } }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(decoder: self) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    private func child(_ key: String) -> FieldProbeDecoder { FieldProbeDecoder(plan: plan, path: path + [key]) }

    /// Every key is present and holds a value, except the absent one.
    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: FieldProbeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { [] }

        private func isAbsent(_ key: Key) -> Bool { decoder.plan.absent == decoder.path + [key.stringValue] }

        func contains(_ key: Key) -> Bool { !isAbsent(key) }
        func decodeNil(forKey key: Key) throws -> Bool { isAbsent(key) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard !isAbsent(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "left out by the probe"))
            }
            return try decoder.child(key.stringValue).decode(type)
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(Keyed<NestedKey>(decoder: decoder.child(key.stringValue)))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            Unkeyed(decoder: decoder.child(key.stringValue))
        }
        func superDecoder() throws -> any Decoder { decoder.child("super") }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(key.stringValue) }
    }

    /// Every array holds one element.
    private struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: FieldProbeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { 1 }
        var isAtEnd: Bool { currentIndex >= 1 }
        var currentIndex = 0

        init(decoder: FieldProbeDecoder) { self.decoder = decoder }

        private mutating func next() throws -> FieldProbeDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "a probe's array has one element"))
            }
            currentIndex += 1
            return decoder.child("0")
        }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(Keyed<NestedKey>(decoder: try next()))
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(decoder: try next()) }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    /// A single value is never nil; its leaf is the plan's.
    private struct Single: SingleValueDecodingContainer {
        let decoder: FieldProbeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            // One level deeper, so that a type that wraps itself still stops.
            try decoder.child("").decode(type)
        }
    }

    private struct ProbeKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
