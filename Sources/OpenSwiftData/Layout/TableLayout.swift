/// Where one entity's values are kept, decided once for every store: SQLite and
/// PostgreSQL render the same layout in their own dialects.
///
/// A table named after the entity (a subentity's is its root's), with `Z_PK` as its
/// primary key, a column per attribute and per to-one relationship that keeps the
/// related row's `Z_PK`, in declaration order. A `Z_<relationship>_ORDER` column beside
/// each to-one relationship whose inverse is to-many keeps that order. The second side
/// of a one-to-one pair has no column (it is found through the first side's), and a
/// to-many relationship whose inverse is not to-one has a ``JoinTableLayout``.
/// Indexes: the unique keys, then the declared indexes, then one per key column.
package struct TableLayout: @unchecked Sendable {
    /// A column of the entity's own properties.
    package enum Column {
        case attribute(Schema.Attribute)
        /// A to-one relationship's key: the `Z_PK` of a row of its destination.
        case foreignKey(Schema.Relationship)

        package var name: String {
            switch self {
            case let .attribute(attribute): attribute.name
            case let .foreignKey(relationship): relationship.name
            }
        }
    }

    /// A key column another table's rows must exist for: a to-one relationship whose
    /// inverse has a delete rule, which a store may declare as a reference.
    package struct Reference: Sendable, Hashable {
        package let column: String
        package let destination: String
    }

    package let entity: Schema.Entity
    /// The table's name: the root entity's.
    package let name: String
    /// The columns of the entity's properties that have one, in declaration order.
    package let columns: [Column]
    /// Order columns kept for to-many inverses of this entity's to-one relationships.
    package let orderColumns: [String]
    /// The entity's own indexes: unique keys, declared indexes, key columns.
    package let indexes: [IndexLayout]
    package let references: [Reference]
    /// The join tables of this entity's to-many relationships (a many-to-many pair's
    /// table appears on both sides).
    package let joinTables: [JoinTableLayout]

    package init(entity: Schema.Entity) {
        self.entity = entity
        name = entity.rootEntity.name
        var columns: [Column] = [], orderColumns: [String] = [], keyIndexes: [IndexLayout] = []
        var references: [Reference] = [], joinTables: [JoinTableLayout] = []
        for property in entity.properties {
            if let attribute = property as? Schema.Attribute {
                columns.append(.attribute(attribute))
            } else if let relationship = property as? Schema.Relationship {
                if relationship.storesForeignKey {
                    columns.append(.foreignKey(relationship))
                    var entries = [IndexLayout.Entry.column(relationship.name)]
                    if let inverse = relationship.inverse, !inverse.isToOneRelationship {
                        let order = Self.orderColumn(forForeignKey: relationship.name)
                        orderColumns.append(order)
                        entries.append(.column(order))
                    }
                    keyIndexes.append(IndexLayout(kind: .foreignKey, keyColumns: [relationship.name], entries: entries))
                    if let inverse = relationship.inverse, inverse.deleteRule != .noAction {
                        references.append(Reference(column: relationship.name, destination: relationship.destination))
                    }
                } else if !relationship.isToOneRelationship, relationship.inverse?.isToOneRelationship != true {
                    joinTables.append(JoinTableLayout(relationship, of: entity))
                }
            }
        }
        var indexes = entity.uniquenessConstraints.map { key in
            IndexLayout(kind: .unique, keyColumns: key, entries: key.map(IndexLayout.Entry.column))
        }
        for key in entity.indices {
            // A nested key path names a field of a Codable attribute: the index is on the
            // expression queries read it with.
            let entries = key.compactMap { name -> IndexLayout.Entry? in
                if let (column, field) = entity.indexedJSONField(name) { return .field(column: column, field) }
                return name.contains(".") ? nil : .column(name)
            }
            guard entries.count == key.count else { continue }
            indexes.append(IndexLayout(kind: .index, keyColumns: key, entries: entries))
        }
        self.columns = columns
        self.orderColumns = orderColumns
        self.indexes = indexes + keyIndexes
        self.references = references
        self.joinTables = joinTables
    }

    /// The column that keeps a to-many relationship's order beside the key column
    /// `column` of its to-one inverse.
    package static func orderColumn(forForeignKey column: String) -> String { "Z_\(column)_ORDER" }

    /// The names of ``columns``.
    package var columnNames: [String] { columns.map(\.name) }
}
