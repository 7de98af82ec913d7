import Foundation

/// A field inside the JSON a `Codable` attribute is stored as (`\Trip.address.city`
/// is the field `city` of the column `address`), that SQL reads with the value Swift
/// reads from the decoded struct, so that predicates and sorts on it run in SQL.
///
/// A field is found from a key path's stored property names and then checked: values
/// of the struct are made with `FieldProbeDecoder`, and the key path must read exactly
/// what the struct's JSON holds at that path, and read nil when the key is missing
/// (JSON written before an optional field existed). Anything else (a renamed coding
/// key that does not match, a computed property, a field decoded with a default, a
/// type whose JSON SQL does not read as Swift does) is not a field, and runs in Swift.
package struct JSONField: Hashable, Sendable {
    /// How SQL reads the field's JSON value.
    package enum Kind: Hashable, Sendable {
        /// A JSON string, read as text.
        case text
        /// A JSON integer, within 64 bits.
        case integer
        /// JSON `true` or `false`.
        case boolean
        /// A JSON number read as a double (only where the server parses it exactly): a
        /// `Double`, or a `Date` as the attribute's encoder writes it, seconds since 2001
        /// (the number a `Date` column holds).
        case real
        /// A `UUID` as its JSON string: upper-case hexadecimal in fixed places, which
        /// orders as the UUID's bytes do (`UUID.<`). A captured `UUID` compared with it is
        /// bound as that string (see `SQLExpression.matching(_:)`).
        case uuid
        /// A struct or array, only read further.
        case object
    }

    /// The coding keys from the column's JSON to the field.
    package let path: [String]
    package let kind: Kind
    /// True for a raw-value enum: equal by raw value, but ordered by its own `<`.
    package let isEnumeration: Bool
    /// True when the field may be nil (or its key missing).
    package let isOptional: Bool

    /// The same kind of value, further along a path from an outer field.
    func prefixed(by outer: [String]) -> JSONField {
        JSONField(path: outer + path, kind: kind, isEnumeration: isEnumeration, isOptional: isOptional)
    }

    /// The path as SQLite's JSON functions spell it: `$.address.city`. Keys are plain
    /// identifiers (see `isPlainKey`), so they need no quoting.
    var sqlitePath: String { "$." + path.joined(separator: ".") }

    /// A key that can be written into SQL as is: letters, digits and `_`, not first a digit.
    static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || CharacterSet.alphanumerics.contains($0)) }
    }
}

extension JSONField {
    /// How SQL reads a field of `type` (optional or not), or why it cannot.
    static func kind(of type: Any.Type) -> Result<(kind: Kind, isEnumeration: Bool, isOptional: Bool), UnsupportedPredicate> {
        let isOptional = type is any _OptionalType.Type
        let wrapped = (type as? any _OptionalType.Type)?._wrappedType ?? type
        if let kind = primitiveKind(wrapped) { return .success((kind, false, isOptional)) }
        if wrapped is any _PrimitiveValue.Type {
            return .failure(UnsupportedPredicate("a \(wrapped) field of a Codable attribute, whose JSON form SQL does not compare like Swift"))
        }
        if let raw = wrapped as? any RawRepresentable.Type {
            guard let kind = primitiveKind(rawValueType(raw)), kind == .text || kind == .integer else {
                return .failure(UnsupportedPredicate("a \(wrapped) field of a Codable attribute, whose raw value SQL does not compare like Swift"))
            }
            return .success((kind, true, isOptional))
        }
        guard wrapped is any Codable.Type else {
            return .failure(UnsupportedPredicate("a \(wrapped) field of a Codable attribute, which is not Codable"))
        }
        return .success((.object, false, isOptional))
    }

    private static func primitiveKind(_ type: Any.Type) -> Kind? {
        switch type {
        case is String.Type: .text
        case is Bool.Type: .boolean
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type: .integer
        case is Double.Type, is Date.Type: .real
        case is UUID.Type: .uuid
        default: nil
        }
    }

    private static func rawValueType<R: RawRepresentable>(_: R.Type) -> Any.Type { R.RawValue.self }

    /// The stored property names that follow the root type in a key path's debug
    /// description (`\Address.geo.lat`), each a candidate path from the shortest:
    /// the root type's own name may hold dots (a nested type), which the probe tells
    /// apart. Nil when the key path has anything but stored properties.
    static func candidatePaths(_ keyPath: AnyKeyPath) -> [[String]]? {
        let text = keyPath.debugDescription
        guard text.hasPrefix("\\"), !text.contains(where: { "<>()[]?!: ".contains($0) }) else { return nil }
        let names = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard names.count >= 2 else { return nil }
        return (1..<names.count).map { Array(names.suffix($0)) }.filter { $0.allSatisfy(isPlainKey) }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [AnyKeyPath: Result<JSONField, UnsupportedPredicate>] = [:]

    /// The field `keyPath` reads, remembered per key path. `read` applies the key path
    /// to a value of `rootType`, the `Codable` type the column's JSON decodes to.
    static func resolve(_ keyPath: AnyKeyPath, rootType: Any.Type, valueType: Any.Type, candidates: [[String]]?,
                        read: (Any) -> Any?) -> Result<JSONField, UnsupportedPredicate> {
        lock.lock()
        if let cached = cache[keyPath] { lock.unlock(); return cached }
        lock.unlock()
        let result = compute(keyPath, rootType: rootType, valueType: valueType, candidates: candidates, read: read)
        lock.lock()
        cache[keyPath] = result
        lock.unlock()
        return result
    }

    private static func compute(_ keyPath: AnyKeyPath, rootType: Any.Type, valueType: Any.Type, candidates: [[String]]?,
                                read: (Any) -> Any?) -> Result<JSONField, UnsupportedPredicate> {
        let kind: (kind: Kind, isEnumeration: Bool, isOptional: Bool)
        switch self.kind(of: valueType) {
        case .success(let found): kind = found
        case .failure(let unsupported): return .failure(unsupported)
        }
        guard let candidates, !candidates.isEmpty else {
            return .failure(UnsupportedPredicate("\(keyPath) is not a chain of stored properties of a Codable attribute"))
        }
        guard let codable = rootType as? any Codable.Type else {
            return .failure(UnsupportedPredicate("\(keyPath) reads into \(rootType), which is not Codable"))
        }
        for path in candidates where readsField(path, of: codable, read: read) {
            return .success(JSONField(path: path, kind: kind.kind, isEnumeration: kind.isEnumeration, isOptional: kind.isOptional))
        }
        return .failure(UnsupportedPredicate("\(keyPath) does not read its value as it is stored in the attribute's JSON (a renamed coding key, a custom Codable conformance, or a member the check cannot make a value of, such as an enum that is not CaseIterable)"))
    }

    /// Probes: on several made values the key path reads what the JSON holds at `path`,
    /// and with the key missing it reads nil (or the struct does not decode at all).
    private static func readsField(_ path: [String], of type: any Codable.Type, read: (Any) -> Any?) -> Bool {
        for run in 0..<4 {
            let plan = FieldProbeDecoder.Plan(run: run)
            guard let value = probe(type, plan: plan),
                  let text = encodedText(value),
                  let json = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed),
                  let expected = lookUp(path, in: json), !(expected is NSNull),
                  let read = read(value).flatMap(unwrapped), let readJSON = encodedJSON(read),
                  let left = canonical(expected), let right = canonical(readJSON), left == right
            else { return false }
        }
        // JSON without the key (written before the field existed) either does not decode
        // at all, or must read as nil, as SQL reads a missing key.
        let absent = FieldProbeDecoder.Plan(run: 0, absent: path)
        guard let value = probe(type, plan: absent) else { return true }
        return read(value).flatMap(unwrapped) == nil
    }

    private static func probe<T: Codable>(_: T.Type, plan: FieldProbeDecoder.Plan) -> Any? {
        FieldProbeDecoder.value(of: T.self, plan: plan)
    }

    static func unwrapped(_ value: Any) -> Any? {
        guard let optional = value as? any _OptionalType else { return value }
        return optional._unwrapped.flatMap(unwrapped)
    }

    private static func lookUp(_ path: [String], in json: Any) -> Any? {
        var current: Any = json
        for key in path {
            guard let object = current as? [String: Any], let next = object[key] else { return nil }
            current = next
        }
        return current
    }

    /// The JSON text the attribute's encoder writes for the value.
    private static func encodedText(_ value: Any) -> String? {
        func open<E: Encodable>(_ value: E) -> String? { try? JSONValue.encode(value) }
        guard let encodable = value as? any Encodable else { return nil }
        return open(encodable)
    }

    /// The value as parsed JSON, as the attribute's encoder writes it.
    private static func encodedJSON(_ value: Any) -> Any? {
        func open<E: Encodable>(_ value: E) -> Any? {
            guard let text = try? JSONValue.encode([value]),
                  let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else { return nil }
            return array.first
        }
        guard let encodable = value as? any Encodable else { return nil }
        return open(encodable)
    }

    private static func canonical(_ json: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: [json], options: [.sortedKeys])
    }
}
