/// One index of an entity's table, as every store lays it out: what it is for, what it
/// holds, and its name. A store renders it in its dialect, and leaves out an index on
/// a field its dialect cannot read.
package struct IndexLayout: Sendable, Hashable {
    package enum Kind: String, Sendable {
        /// A `.unique` attribute or a `#Unique` key.
        case unique
        /// A `#Index` key.
        case index
        /// A to-one relationship's key column (with its order column when the inverse is to-many).
        case foreignKey = "fk"
    }

    /// What one entry of the index reads.
    package enum Entry: Sendable, Hashable {
        case column(String)
        /// A field of a Codable attribute, read as queries read it.
        case field(column: String, JSONField)
    }

    package let kind: Kind
    /// The names the index is declared with, which name it: property names, or key
    /// paths into a Codable attribute (`address.city`).
    package let keyColumns: [String]
    /// The columns it holds, in order: a foreign key's index adds its order column.
    package let entries: [Entry]

    package var isUnique: Bool { kind == .unique }

    /// `<table>_<kind>_<names>`, the name in every store (PostgreSQL shortens one beyond 63 bytes).
    package func name(onTable table: String) -> String {
        "\(table)_\(kind.rawValue)_\(keyColumns.joined(separator: "_"))"
    }

    /// The column names of its entries, a field's as the key path that declares it.
    package var columns: [String] {
        entries.enumerated().map { position, entry in
            if case let .column(name) = entry { name } else { keyColumns[position] }
        }
    }
}
