import Foundation

// The JSON a store records for its schema, written directly. Every container's open
// compares the schema with the recorded one as this text, and `JSONEncoder` took most
// of a small app's open for it (BENCHMARKS.md, W12). The text is what `JSONEncoder`
// writes with `.sortedKeys` for the `Codable` types, byte for byte, so that stores
// recorded by either read as up to date (`StoredSchemaJSONTests` compares the two);
// reading it back is left to `JSONDecoder`, which only a changed schema needs.
extension StoredSchema {
    var json: String {
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

/// Compact JSON as `JSONEncoder` writes it: no spaces, `/` escaped, control characters
/// as `\n`-style or `\u00XX` escapes, everything else as UTF-8.
private struct JSONText {
    private(set) var text = ""
    /// Whether the container being written has a member yet, innermost last.
    private var hasMember: [Bool] = []

    mutating func object(_ members: (inout JSONText) -> Void) {
        separate()
        text.append("{")
        hasMember.append(false)
        members(&self)
        hasMember.removeLast()
        text.append("}")
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout JSONText, Element) -> Void) {
        separate()
        text.append("[")
        hasMember.append(false)
        for element in elements { write(&self, element) }
        hasMember.removeLast()
        text.append("]")
    }

    /// A member's name; its value follows without a separator.
    mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        text.append(":")
        isAfterKey = true
    }

    mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    mutating func bool(_ value: Bool) {
        separate()
        text.append(value ? "true" : "false")
    }

    private var isAfterKey = false

    /// A comma before every member of a container but its first, and none after a key.
    private mutating func separate() {
        if isAfterKey { isAfterKey = false; return }
        guard let last = hasMember.indices.last else { return }
        if hasMember[last] { text.append(",") } else { hasMember[last] = true }
    }

    private mutating func appendQuoted(_ value: String) {
        text.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text.append("\\\"")
            case "\\": text.append("\\\\")
            case "/": text.append("\\/")
            case "\n": text.append("\\n")
            case "\r": text.append("\\r")
            case "\t": text.append("\\t")
            case "\u{08}": text.append("\\b")
            case "\u{0C}": text.append("\\f")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text.append("\"")
    }
}
