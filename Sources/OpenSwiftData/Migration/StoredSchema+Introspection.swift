import Foundation

extension StoredSchema {
    /// One table of a store that does not record its schema, as the store's catalogue
    /// describes it.
    package struct IntrospectedTable {
        package let name: String
        /// Each column's name and declared type, in the table's order.
        package let columns: [(name: String, type: String)]
        package let indexNames: Set<String>

        package init(name: String, columns: [(name: String, type: String)], indexNames: Set<String>) {
            self.name = name
            self.columns = columns
            self.indexNames = indexNames
        }
    }

    /// The schema of a store that does not record one (written before stores did),
    /// read from its tables; the same reading on every store, which describes its
    /// tables in its own catalogue's words.
    ///
    /// Columns say little about Swift types, so a column is taken to be the property
    /// of the opening schema with its name when its type agrees (`typeAgrees`), and an
    /// unknown attribute otherwise; the diff then adds what is missing and drops
    /// what the schema no longer has, and data checks (NULLs, duplicates) judge the
    /// rest from the rows themselves. `indexName` names an entity's index as the
    /// store names it, by kind (`unique`, `index`) and properties.
    package static func introspect(_ tables: [IntrospectedTable], assuming schema: Schema,
                                   typeAgrees: (Schema.Attribute, String) -> Bool,
                                   indexName: (Schema.Entity, String, [String]) -> String) -> StoredSchema {
        let columnsByTable = Dictionary(tables.map { ($0.name, Set($0.columns.map(\.name))) }, uniquingKeysWith: { a, _ in a })
        var entities: [StoredEntity] = []
        for table in tables {
            guard let columnNames = columnsByTable[table.name], columnNames.contains("Z_PK") else { continue }
            let entity = schema.entitiesByName[table.name]
            var attributes: [StoredAttribute] = []
            var relationships: [StoredRelationship] = []
            for column in table.columns where column.name != "Z_PK" && !column.name.isOrderColumn {
                if let attribute = entity?.attributesByName[column.name] {
                    attributes.append(typeAgrees(attribute, column.type) ? StoredAttribute(attribute) : .unknown(column.name, type: column.type))
                } else if let entity, let relationship = entity.relationshipsByName[column.name] ?? renamed(entity.relationships, from: column.name),
                          relationship.isToOneRelationship {
                    var stored = StoredRelationship(relationship, of: entity)
                    stored.name = column.name
                    stored.storage = .foreignKey(ordered: columnNames.contains(TableLayout.orderColumn(forForeignKey: column.name)))
                    relationships.append(stored)
                } else if let entity, let attribute = renamed(entity.attributes, from: column.name), typeAgrees(attribute, column.type) {
                    // The column of an attribute the schema renames: the one it had before.
                    var stored = StoredAttribute(attribute)
                    stored.name = column.name
                    attributes.append(stored)
                } else {
                    attributes.append(.unknown(column.name, type: column.type))
                }
            }
            var uniquenessConstraints: [[String]] = []
            var indices: [[String]] = []
            if let entity {
                for relationship in entity.persistedProperties.compactMap(\.relationship) where !relationship.isToOneRelationship {
                    let stored = StoredRelationship(relationship, of: entity)
                    switch stored.storage {
                    case let .joinTable(name, _):
                        if columnsByTable[name] != nil { relationships.append(stored) }
                    case .inverseForeignKey:
                        if let inverse = relationship.inverse, columnsByTable[relationship.destination]?.contains(inverse.name) == true {
                            relationships.append(stored)
                        }
                    case .foreignKey:
                        break
                    }
                }
                uniquenessConstraints = entity.uniquenessConstraints.filter { table.indexNames.contains(indexName(entity, "unique", $0)) }
                indices = entity.indices.filter { table.indexNames.contains(indexName(entity, "index", $0)) }
            }
            entities.append(StoredEntity(name: table.name, attributes: attributes, relationships: relationships,
                                         uniquenessConstraints: uniquenessConstraints, indices: indices))
        }
        return StoredSchema(entities: entities.sorted { $0.name < $1.name })
    }
}

/// The property that names `column` as its `originalName`, when no property has that name.
private func renamed<Property: SchemaProperty>(_ properties: some Collection<Property>, from column: String) -> Property? {
    properties.first { $0.originalName == column && $0.name != column }
}

extension StoredAttribute {
    /// A column no property of the opening schema explains.
    static func unknown(_ name: String, type: String) -> StoredAttribute {
        let type = type.isEmpty ? "BLOB" : type.uppercased()
        return StoredAttribute(name: name, columnType: type, valueType: "\(type) column", encoding: "primitive", isOptional: true)
    }
}

extension String {
    /// `Z_<column>_ORDER`, the position column beside a foreign key.
    var isOrderColumn: Bool { hasPrefix("Z_") && hasSuffix("_ORDER") && count > 8 }
}
