import Foundation

// The JSON a store records for its schema, written directly. Every container's open
// compares the schema with the recorded one as this text, and `JSONEncoder` took most
// of a small app's open for it (BENCHMARKS.md, W12). The text is what `JSONEncoder`
// writes with `.sortedKeys` for the `Codable` types, byte for byte, so that stores
// recorded by either read as up to date (`StoredSchemaJSONTests` compares the two);
// reading it back is left to `JSONDecoder`, which only a changed schema needs.
extension StoredSchema {
    package var json: String {
        var out = JSONText()
        out.object { out in
            out.key("entities")
            out.array(entities) { out, entity in entity.write(to: &out) }
        }
        return out.text
    }
}

extension StoredEntity {
    fileprivate func write(to out: inout JSONText) {
        out.object { out in
            out.key("attributes")
            out.array(attributes) { out, attribute in attribute.write(to: &out) }
            out.key("indices")
            out.array(indices) { out, names in out.array(names) { out, name in out.string(name) } }
            out.key("name")
            out.string(name)
            out.key("relationships")
            out.array(relationships) { out, relationship in relationship.write(to: &out) }
            out.key("uniquenessConstraints")
            out.array(uniquenessConstraints) { out, names in out.array(names) { out, name in out.string(name) } }
        }
    }
}

extension StoredAttribute {
    fileprivate func write(to out: inout JSONText) {
        out.object { out in
            out.key("columnType")
            out.string(columnType)
            out.key("encoding")
            out.string(encoding)
            out.key("isOptional")
            out.bool(isOptional)
            out.key("name")
            out.string(name)
            out.key("valueType")
            out.string(valueType)
        }
    }
}

extension StoredRelationship {
    fileprivate func write(to out: inout JSONText) {
        out.object { out in
            out.key("destination")
            out.string(destination)
            // `JSONEncoder` leaves a nil optional out.
            if let inverse {
                out.key("inverse")
                out.string(inverse)
            }
            out.key("isOptional")
            out.bool(isOptional)
            out.key("isToOne")
            out.bool(isToOne)
            out.key("name")
            out.string(name)
            out.key("storage")
            storage.write(to: &out)
        }
    }
}

extension StoredRelationship.Storage {
    /// As `Codable` synthesises an enum with associated values: the case's name, holding
    /// its values by label.
    fileprivate func write(to out: inout JSONText) {
        out.object { out in
            switch self {
            case .foreignKey(let ordered):
                out.key("foreignKey")
                out.object { out in
                    out.key("ordered")
                    out.bool(ordered)
                }
            case .inverseForeignKey:
                out.key("inverseForeignKey")
                out.object { _ in }
            case .joinTable(let name, let isOwner):
                out.key("joinTable")
                out.object { out in
                    out.key("isOwner")
                    out.bool(isOwner)
                    out.key("name")
                    out.string(name)
                }
            }
        }
    }
}

/// Compact JSON as `JSONEncoder` writes it: no spaces, strings as ``JSONString`` writes them.
private struct JSONText {
    private var bytes: [UInt8] = []
    /// Whether the container being written has a member yet, innermost last.
    private var hasMember: [Bool] = []
    private var isAfterKey = false

    init() { bytes.reserveCapacity(16_384) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func object(_ members: (inout JSONText) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        hasMember.append(false)
        members(&self)
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout JSONText, Element) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        hasMember.append(false)
        for element in elements { write(&self, element) }
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// A member's name; its value follows without a separator.
    mutating func key(_ name: String) {
        separate()
        JSONString.append(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        isAfterKey = true
    }

    mutating func string(_ value: String) {
        separate()
        JSONString.append(value, to: &bytes)
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    /// A comma before every member of a container but its first, and none after a key.
    private mutating func separate() {
        if isAfterKey { isAfterKey = false; return }
        guard let last = hasMember.indices.last else { return }
        if hasMember[last] { bytes.append(UInt8(ascii: ",")) } else { hasMember[last] = true }
    }
}
