import Foundation

/// The components of a key path, recovered from its `debugDescription`.
///
/// A key path literal that chains properties (`\Benefit.userCard?.nickname`,
/// `\Benefit.status.rawValue`) is one opaque object, and Swift has no API to split
/// it. Its debug description names each computed component by the address of its
/// accessor, the same for every key path that uses that property, so a chain is
/// matched against the single-property key paths of the schema by those addresses.
/// Anything not recognised (a stored field, a subscript) simply does not match,
/// and the sort runs in Swift.
struct KeyPathComponents: Equatable {
    struct Component: Equatable {
        /// The accessor's address as printed.
        let id: Substring
        /// The component's value type as printed.
        let type: Substring
    }

    let components: [Component]
    /// The stored properties read after the last computed component: the fields of a
    /// `Codable` struct attribute (`\Trip.address.city`), whose names are printed.
    let fieldNames: [String]

    init?(_ keyPath: AnyKeyPath) {
        let text = keyPath.debugDescription
        var components: [Component] = []
        var rest = text[...]
        // Skip the root type name.
        guard let first = rest.range(of: ".<computed ") else { return nil }
        rest = rest[first.lowerBound...]
        while !rest.isEmpty {
            // Optional chaining and force unwrap markers between components.
            while let marker = rest.first, marker == "?" || marker == "!" { rest = rest.dropFirst() }
            if rest.isEmpty { break }
            if !components.isEmpty, rest.hasPrefix("."), !rest.contains("<") {
                let names = rest.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
                    .map { String($0.reversed().drop { $0 == "?" || $0 == "!" }.reversed()) }
                guard names.allSatisfy(JSONField.isPlainKey) else { return nil }
                self.components = components
                self.fieldNames = names
                return
            }
            guard rest.hasPrefix(".<computed ") else { return nil }
            rest = rest.dropFirst(".<computed ".count)
            guard let space = rest.firstIndex(of: " ") else { return nil }
            let id = rest[..<space]
            rest = rest[rest.index(after: space)...]
            // The type, in balanced parentheses, then ">".
            guard rest.first == "(" else { return nil }
            var depth = 0
            var end = rest.startIndex
            for index in rest.indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1; if depth == 0 { end = index; break } }
            }
            guard depth == 0 else { return nil }
            let type = rest[rest.index(after: rest.startIndex)..<end]
            rest = rest[rest.index(after: end)...]
            guard rest.first == ">" else { return nil }
            rest = rest.dropFirst()
            components.append(Component(id: id, type: type))
        }
        guard !components.isEmpty else { return nil }
        self.components = components
        fieldNames = []
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var propertiesByEntity: [ObjectIdentifier: [Substring: StoredProperty]] = [:]

    /// The entity's properties by the id of their key path's only component.
    static func properties(of entity: Schema.Entity) -> [Substring: StoredProperty] {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(entity)
        if let cached = propertiesByEntity[key] { return cached }
        var map: [Substring: StoredProperty] = [:]
        for property in entity.persistedProperties {
            if let parsed = KeyPathComponents(property.keyPath), parsed.components.count == 1, parsed.fieldNames.isEmpty {
                map[parsed.components[0].id] = property
            }
        }
        propertiesByEntity[key] = map
        return map
    }
}
