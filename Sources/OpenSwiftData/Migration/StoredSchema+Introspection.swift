import Foundation
import GRDB

extension StoredSchema {
    /// The schema of a store that does not record one (written before stores did),
    /// read from its tables.
    ///
    /// Columns say little about Swift types, so a column is taken to be the property
    /// of the opening schema with its name when its SQLite type agrees, and an
    /// unknown attribute otherwise; the diff then adds what is missing and drops
    /// what the schema no longer has, and data checks (NULLs, duplicates) judge the
    /// rest from the rows themselves.
    static func introspect(_ db: Database, assuming schema: Schema) throws -> StoredSchema {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != ? ORDER BY rowid
            """, arguments: [StoreMetadata.table])
        let tableSet = Set(tables)
        var columnsByTable: [String: [ColumnInfo]] = [:]
        for table in tables { columnsByTable[table] = try db.columns(in: table) }

        var entities: [StoredEntity] = []
        for table in tables {
            guard let columns = columnsByTable[table], columns.contains(where: { $0.name == "Z_PK" }) else { continue }
            let entity = schema.entitiesByName[table]
            let columnNames = Set(columns.map(\.name))
            var attributes: [StoredAttribute] = []
            var relationships: [StoredRelationship] = []
            for column in columns where column.name != "Z_PK" && !column.name.isOrderColumn {
                if let attribute = entity?.attributesByName[column.name] {
                    var stored = StoredAttribute(attribute)
                    if stored.columnType.uppercased() != column.type.uppercased() {
                        stored = .unknown(column)
                    }
                    attributes.append(stored)
                } else if let entity, let relationship = entity.relationshipsByName[column.name], relationship.isToOneRelationship {
                    var stored = StoredRelationship(relationship, of: entity)
                    stored.storage = .foreignKey(ordered: columnNames.contains(TableLayout.orderColumn(forForeignKey: column.name)))
                    relationships.append(stored)
                } else {
                    attributes.append(.unknown(column))
                }
            }
            var uniquenessConstraints: [[String]] = []
            var indices: [[String]] = []
            if let entity {
                for relationship in entity.persistedProperties.compactMap(\.relationship) where !relationship.isToOneRelationship {
                    let stored = StoredRelationship(relationship, of: entity)
                    switch stored.storage {
                    case let .joinTable(name, _):
                        if tableSet.contains(name) { relationships.append(stored) }
                    case .inverseForeignKey:
                        if let inverse = relationship.inverse, columnsByTable[relationship.destination]?.contains(where: { $0.name == inverse.name }) == true {
                            relationships.append(stored)
                        }
                    case .foreignKey:
                        break
                    }
                }
                let indexNames = Set(try db.indexes(on: table).map(\.name))
                let layout = EntityTable(entity: entity)
                uniquenessConstraints = entity.uniquenessConstraints.filter { indexNames.contains(layout.indexName("unique", $0)) }
                indices = entity.indices.filter { indexNames.contains(layout.indexName("index", $0)) }
            }
            entities.append(StoredEntity(name: table, attributes: attributes, relationships: relationships,
                                         uniquenessConstraints: uniquenessConstraints, indices: indices))
        }
        return StoredSchema(entities: entities.sorted { $0.name < $1.name })
    }
}

extension StoredAttribute {
    /// A column no property of the opening schema explains.
    static func unknown(_ column: ColumnInfo) -> StoredAttribute {
        let type = column.type.isEmpty ? "BLOB" : column.type.uppercased()
        return StoredAttribute(name: column.name, columnType: type, valueType: "\(type) column", encoding: "primitive", isOptional: true)
    }
}

extension String {
    /// `Z_<column>_ORDER`, the position column beside a foreign key.
    var isOrderColumn: Bool { hasPrefix("Z_") && hasSuffix("_ORDER") && count > 8 }
}
