import Foundation

/// One entity's ``TableLayout`` in SQLite, and the SQL of its hot statements, made
/// once per container. `Z_PK` is an `AUTOINCREMENT` key.
///
/// A model class hierarchy (`@Model class BusinessTrip: Trip`) shares its root's
/// table, as Core Data lays out an entity inheritance tree: the table has a column
/// for every property of every entity in the hierarchy, and `Z_ENT` names the entity
/// of each row (NULL, in rows written before the root had subentities, is the root).
/// A fetch of an entity with subentities selects every column and `Z_ENT`, and makes
/// each row a model of its own entity's class. A table without subentities has no
/// `Z_ENT` and its statements are what they were.
///
/// Immutable once made (every property is a `let`), so the stores of one process share
/// the tables of a list of model types (see `tables(for:)`).
final class EntityTable: @unchecked Sendable {
    let entity: Schema.Entity
    /// Where the entity's values are kept, as every store lays them out.
    let layout: TableLayout
    /// The table's name: the root entity's.
    let name: String
    /// The entities of the rows this table's fetches return: `entity` and those below
    /// it in the schema, parents first; just `entity` outside a hierarchy.
    let family: [Schema.Entity]
    /// The hierarchy's table has a `Z_ENT` column.
    let hasEntityColumn: Bool
    /// The result column of `Z_ENT` in `selectSQL`, or -1 when the fetch need not read
    /// it (no subentities below `entity`).
    let entityColumn: Int32
    /// For each entity of `family`, by name: the result column of each of its
    /// properties in `selectSQL` (as `columnForProperty`).
    let columnsByEntity: [String: [Int32]]
    /// `t."Z_ENT" IN (...)`, restricting a fetch to `family`, for an entity that has a
    /// superentity; nil otherwise.
    let entityFilter: String?
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

    /// - Parameter schema: the schema the store holds, whose subentities share the
    ///   table; nil: every subentity this process has described.
    init(entity: Schema.Entity, schema: Schema? = nil) {
        self.entity = entity
        let root = entity.rootEntity
        self.name = root.name
        let isIncluded: (Schema.Entity) -> Bool = { candidate in schema.map { $0.entitiesByName[candidate.name] === candidate } ?? true }
        self.hasEntityColumn = entity.superentity != nil || !root.subentities.filter(isIncluded).isEmpty
        let family = hasEntityColumn ? entity.family(where: isIncluded) : [entity]
        self.family = family
        let layout = TableLayout(entity: entity)
        self.layout = layout
        let columns = layout.columnNames
        var position: Int32 = 0
        self.columns = columns
        self.columnForProperty = entity.persistedProperties.map { property in
            guard EntityTable.hasColumn(property) else { return -1 }
            position += 1
            return position
        }
        self.orderColumns = layout.orderColumns

        // The subentities' own columns follow the entity's, then `Z_ENT`.
        var selected = columns
        var columnsByEntity: [String: [Int32]] = [entity.name: columnForProperty]
        var entityColumn: Int32 = -1
        var entityFilter: String?
        if hasEntityColumn {
            for member in family.dropFirst() {
                for column in EntityTable.columnNames(of: member) where !selected.contains(column) { selected.append(column) }
            }
            if family.count > 1 {
                selected.append("Z_ENT")
                entityColumn = Int32(selected.count)
                for member in family.dropFirst() {
                    columnsByEntity[member.name] = member.persistedProperties.map { property in
                        guard EntityTable.hasColumn(property) else { return -1 }
                        return Int32((selected.firstIndex(of: property.name) ?? -1) + 1)
                    }
                }
            }
            if entity.superentity != nil {
                let names = family.map(\.name.quotedLiteral).joined(separator: ", ")
                entityFilter = "t.\"Z_ENT\" IN (\(names))"
            }
        }
        self.entityColumn = entityColumn
        self.columnsByEntity = columnsByEntity
        self.entityFilter = entityFilter

        let table = name.quotedIdentifier
        // A row of a hierarchy records its entity, as a literal: the parameters stay those of the properties.
        let insertColumns = columns.map(\.quotedIdentifier) + (hasEntityColumn ? ["\"Z_ENT\""] : [])
        let columnList = insertColumns.joined(separator: ", ")
        let placeholders = (columns.indices.map { "?\($0 + 1)" } + (hasEntityColumn ? [entity.name.quotedLiteral] : [])).joined(separator: ", ")
        selectSQL = "SELECT " + (["\"Z_PK\""] + selected.map(\.quotedIdentifier)).map { "t." + $0 }.joined(separator: ", ")
            + " FROM \(table) AS t"
        insertSQL = insertColumns.isEmpty
            ? "INSERT INTO \(table) DEFAULT VALUES"
            : "INSERT INTO \(table) (\(columnList)) VALUES (\(placeholders))"
        if entity.uniquenessConstraints.isEmpty || columns.isEmpty {
            upsertSQL = nil
        } else {
            let assignments = columns.map { "\($0.quotedIdentifier) = excluded.\($0.quotedIdentifier)" }.joined(separator: ", ")
            // One clause per declared unique key: without a target, an index another program
            // made (on a card's name) made the insert of a new model overwrite the row that
            // shared its value, silently; such a conflict now fails the save, naming it.
            let clauses = entity.uniquenessConstraints.map { key in
                "ON CONFLICT (\(key.map(\.quotedIdentifier).joined(separator: ", "))) DO UPDATE SET \(assignments)"
            }
            upsertSQL = "\(insertSQL) \(clauses.joined(separator: " ")) RETURNING \"Z_PK\""
        }
        let sets = columns.enumerated().map { "\($1.quotedIdentifier) = ?\($0 + 1)" }.joined(separator: ", ")
        updateSQL = columns.isEmpty
            ? "SELECT 1 WHERE ?1 IS NOT NULL"
            : "UPDATE \(table) SET \(sets) WHERE \"Z_PK\" = ?\(columns.count + 1)"
        deleteSQL = "DELETE FROM \(table) WHERE \"Z_PK\" = ?1"
    }

    /// A property stored in a column of its entity's table.
    static func hasColumn(_ property: StoredProperty) -> Bool {
        guard let relationship = property.relationship else { return true }
        return relationship.storesForeignKey
    }

    static func columnNames(of entity: Schema.Entity) -> [String] {
        entity.persistedProperties.filter(hasColumn).map(\.name)
    }

    /// The columns of the whole table, with their types: for a hierarchy, those of
    /// every entity in it (the root's table is made from the root's layout), then
    /// the order columns and `Z_ENT`.
    var tableColumnDefinitions: [(name: String, type: String)] {
        var definitions: [(name: String, type: String)] = []
        var orders: [String] = []
        for member in family {
            for property in member.persistedProperties where EntityTable.hasColumn(property) && !definitions.contains(where: { $0.name == property.name }) {
                definitions.append((property.name, columnType(of: property)))
                if let relationship = property.relationship, let inverse = relationship.inverse, !inverse.isToOneRelationship {
                    orders.append(TableLayout.orderColumn(forForeignKey: property.name))
                }
            }
        }
        definitions += orders.map { ($0, "INTEGER") }
        if hasEntityColumn { definitions.append(("Z_ENT", "TEXT")) }
        return definitions
    }

    /// Statements that create the table and its indexes when missing. A subentity's
    /// table is its root's, which creates it.
    var creationSQL: [String] {
        guard entity.superentity == nil else { return [] }
        let table = name.quotedIdentifier
        let definitions = ["\"Z_PK\" INTEGER PRIMARY KEY AUTOINCREMENT"]
            + tableColumnDefinitions.map { "\($0.name.quotedIdentifier) \($0.type)" }
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
        guard entity.superentity == nil else { return [] }
        var indexes: [IndexDefinition] = []
        for member in family.dropFirst() {
            for index in EntityTable(entity: member).ownIndexDefinitions where !indexes.contains(where: { $0.name == index.name }) {
                indexes.append(index)
            }
        }
        return ownIndexDefinitions + indexes.filter { index in !ownIndexDefinitions.contains { $0.name == index.name } }
    }

    /// The indexes of the entity's own properties and constraints. A field SQLite does
    /// not read (a Double, a field of a struct the check cannot make) gets none.
    private var ownIndexDefinitions: [IndexDefinition] {
        layout.indexes.compactMap { index in
            var expressions: [String] = []
            for entry in index.entries {
                switch entry {
                case let .column(name):
                    expressions.append(name.quotedIdentifier)
                case let .field(column, field):
                    guard let read = SQLDialect.sqlite.jsonField(column: column.quotedIdentifier, field) else { return nil }
                    expressions.append(read)
                }
            }
            // A declared index names what it reads, as the store's own indexes list it.
            return IndexDefinition(name: index.name(onTable: name), isUnique: index.isUnique, columns: index.columns,
                                   expressions: index.kind == .index ? expressions : nil)
        }
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
    /// What each entry indexes, when not the column of its name: the expression that
    /// reads a field of a Codable attribute.
    var expressions: [String]? = nil

    func creationSQL(on table: String) -> String {
        let columnList = (expressions ?? columns.map(\.quotedIdentifier)).joined(separator: ", ")
        return "CREATE \(isUnique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(name.quotedIdentifier) ON \(table.quotedIdentifier) (\(columnList))"
    }
}

extension JoinTableLayout {
    var creationSQL: [String] { [JoinTableLayout.tableSQL(name), JoinTableLayout.indexSQL(name)] }

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
    /// The string as an SQL text literal: in single quotes, each single quote doubled.
    var quotedLiteral: String {
        guard utf8.contains(UInt8(ascii: "'")) else { return "'" + self + "'" }
        return "'" + split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }

    /// The string as an SQL identifier: in double quotes, each double quote doubled.
    ///
    /// Without Foundation's `replacingOccurrences`, which bridges through `NSString`:
    /// a save builds some of its statements per model.
    var quotedIdentifier: String {
        guard utf8.contains(UInt8(ascii: "\"")) else { return "\"" + self + "\"" }
        return "\"" + split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
