import Foundation

/// How one entity is laid out in SQLite, and the SQL of its hot statements, made
/// once per container.
///
/// A table named after the entity, with `Z_PK` as its primary key, a column per
/// attribute and per to-one relationship (holding the related row's `Z_PK`), in
/// declaration order. A to-many relationship whose inverse is to-one is stored by
/// that inverse's column, with a `Z_<inverse>_ORDER` column beside it that keeps the
/// to-many order; any other to-many relationship has a join table.
final class EntityTable {
    let entity: Schema.Entity
    let name: String
    /// Column names of the properties that have one, in declaration order.
    let columns: [String]
    /// For each property: its result column in `selectSQL` (from 1; `Z_PK` is 0) and
    /// its parameter in `insertSQL`/`updateSQL` (from 1), or -1 when it has no column.
    let columnForProperty: [Int32]
    /// Order columns kept for to-many inverses of this entity's to-one relationships.
    let orderColumns: [String]

    let selectSQL: String
    let insertSQL: String
    /// An insert that updates the row whose unique key matches, returning its `Z_PK`.
    let upsertSQL: String?
    let updateSQL: String
    let deleteSQL: String

    init(entity: Schema.Entity) {
        self.entity = entity
        self.name = entity.name
        var columns: [String] = []
        var columnForProperty: [Int32] = []
        var orderColumns: [String] = []
        for property in entity.storedProperties {
            if let relationship = property.relationship, !relationship.storesForeignKey {
                columnForProperty.append(-1)
                continue
            }
            columns.append(property.name)
            columnForProperty.append(Int32(columns.count))
            if let relationship = property.relationship, let inverse = relationship.inverse, !inverse.isToOneRelationship {
                orderColumns.append(EntityTable.orderColumn(forForeignKey: property.name))
            }
        }
        self.columns = columns
        self.columnForProperty = columnForProperty
        self.orderColumns = orderColumns

        let table = name.quotedIdentifier
        let columnList = columns.map(\.quotedIdentifier).joined(separator: ", ")
        let placeholders = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        selectSQL = "SELECT " + (["\"Z_PK\""] + columns.map(\.quotedIdentifier)).map { "t." + $0 }.joined(separator: ", ")
            + " FROM \(table) AS t"
        insertSQL = columns.isEmpty
            ? "INSERT INTO \(table) DEFAULT VALUES"
            : "INSERT INTO \(table) (\(columnList)) VALUES (\(placeholders))"
        if entity.uniquenessConstraints.isEmpty || columns.isEmpty {
            upsertSQL = nil
        } else {
            let assignments = columns.map { "\($0.quotedIdentifier) = excluded.\($0.quotedIdentifier)" }.joined(separator: ", ")
            upsertSQL = "\(insertSQL) ON CONFLICT DO UPDATE SET \(assignments) RETURNING \"Z_PK\""
        }
        let sets = columns.enumerated().map { "\($1.quotedIdentifier) = ?\($0 + 1)" }.joined(separator: ", ")
        updateSQL = columns.isEmpty
            ? "SELECT 1 WHERE ?1 IS NOT NULL"
            : "UPDATE \(table) SET \(sets) WHERE \"Z_PK\" = ?\(columns.count + 1)"
        deleteSQL = "DELETE FROM \(table) WHERE \"Z_PK\" = ?1"
    }

    static func orderColumn(forForeignKey column: String) -> String { "Z_\(column)_ORDER" }

    /// Statements that create the table and its indexes when missing.
    var creationSQL: [String] {
        let table = name.quotedIdentifier
        var definitions = ["\"Z_PK\" INTEGER PRIMARY KEY AUTOINCREMENT"]
        for property in entity.storedProperties where columnForProperty[property.index] >= 0 {
            definitions.append("\(property.name.quotedIdentifier) \(columnType(of: property))")
        }
        definitions += orderColumns.map { "\($0.quotedIdentifier) INTEGER" }
        var statements = ["CREATE TABLE IF NOT EXISTS \(table) (\(definitions.joined(separator: ", ")))"]
        statements += indexSQL
        return statements
    }

    func columnType(of property: StoredProperty) -> String {
        property.attribute?.codec.columnType ?? "INTEGER"
    }

    /// Unique constraints, declared indexes and an index on every foreign key.
    var indexSQL: [String] { indexDefinitions.map { $0.creationSQL(on: name) } }

    /// The indexes the table should have, as migrations compare them with the store's.
    var indexDefinitions: [IndexDefinition] {
        var indexes: [IndexDefinition] = []
        for names in entity.uniquenessConstraints {
            indexes.append(IndexDefinition(name: indexName("unique", names), isUnique: true, columns: names))
        }
        for names in entity.indices {
            indexes.append(IndexDefinition(name: indexName("index", names), isUnique: false, columns: names))
        }
        for property in entity.storedProperties {
            if let relationship = property.relationship, relationship.storesForeignKey {
                var columns = [property.name]
                if let inverse = relationship.inverse, !inverse.isToOneRelationship {
                    columns.append(EntityTable.orderColumn(forForeignKey: property.name))
                }
                indexes.append(IndexDefinition(name: indexName("fk", [property.name]), isUnique: false, columns: columns))
            }
        }
        return indexes
    }

    func indexName(_ kind: String, _ columns: [String]) -> String {
        "\(name)_\(kind)_\(columns.joined(separator: "_"))"
    }
}

/// One index of an entity's table.
struct IndexDefinition: Equatable {
    let name: String
    let isUnique: Bool
    let columns: [String]

    func creationSQL(on table: String) -> String {
        let columnList = columns.map(\.quotedIdentifier).joined(separator: ", ")
        return "CREATE \(isUnique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(name.quotedIdentifier) ON \(table.quotedIdentifier) (\(columnList))"
    }
}

/// The join table of a to-many relationship whose inverse is not to-one.
///
/// A many-to-many pair shares one table, owned by the side whose
/// `Entity.relationship` sorts first; `Z_SOURCE` is that side's row.
struct JoinTable {
    let name: String
    /// True when the relationship reads the table from `Z_SOURCE` to `Z_TARGET`.
    let isOwner: Bool

    init(_ relationship: Schema.Relationship, of entity: Schema.Entity) {
        // Built by concatenation: saves and relationship loads make one per change.
        let own = "\(entity.name).\(relationship.name)"
        if let inverse = relationship.inverse, !inverse.isToOneRelationship {
            isOwner = own <= "\(relationship.destination).\(inverse.name)"
            name = isOwner ? "Z_\(entity.name)_\(relationship.name)" : "Z_\(relationship.destination)_\(inverse.name)"
        } else {
            isOwner = true
            name = "Z_\(entity.name)_\(relationship.name)"
        }
    }

    var ownColumn: String { isOwner ? "Z_SOURCE" : "Z_TARGET" }
    var otherColumn: String { isOwner ? "Z_TARGET" : "Z_SOURCE" }
    var orderColumn: String { isOwner ? "Z_SOURCE_ORDER" : "Z_TARGET_ORDER" }

    var creationSQL: [String] { [JoinTable.tableSQL(name), JoinTable.indexSQL(name)] }

    /// The layout of a join table under any name (a migration builds one under a
    /// temporary name), and its index.
    static func tableSQL(_ name: String) -> String {
        "CREATE TABLE IF NOT EXISTS \(name.quotedIdentifier) (\"Z_SOURCE\" INTEGER NOT NULL, \"Z_TARGET\" INTEGER NOT NULL, \"Z_SOURCE_ORDER\" INTEGER, \"Z_TARGET_ORDER\" INTEGER, PRIMARY KEY (\"Z_SOURCE\", \"Z_TARGET\")) WITHOUT ROWID"
    }

    static func indexSQL(_ name: String) -> String {
        "CREATE INDEX IF NOT EXISTS \("\(name)_target".quotedIdentifier) ON \(name.quotedIdentifier) (\"Z_TARGET\")"
    }
}

extension String {
    /// The string as an SQL identifier: in double quotes, each double quote doubled.
    ///
    /// Without Foundation's `replacingOccurrences`, which bridges through `NSString`:
    /// a save builds some of its statements per model.
    var quotedIdentifier: String {
        guard utf8.contains(UInt8(ascii: "\"")) else { return "\"" + self + "\"" }
        return "\"" + split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
