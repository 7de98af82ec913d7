import Foundation

/// The schema a store was written with, as the store records it (JSON in
/// `Z_METADATA`): enough to diff against the schema that opens it, with no Swift
/// types involved, since the types that wrote it may no longer exist.
package struct StoredSchema: Codable, Equatable {
    package var entities: [StoredEntity]

    package func entity(named name: String) -> StoredEntity? { entities.first { $0.name == name } }

    /// True when the store holds no entity at all: a new or emptied store.
    package var isEmpty: Bool { entities.isEmpty }
}

package struct StoredEntity: Codable, Equatable {
    package var name: String
    package var attributes: [StoredAttribute]
    package var relationships: [StoredRelationship]
    /// Property names of each unique constraint (`.unique` attributes and `#Unique`).
    package var uniquenessConstraints: [[String]]
    /// Property names of each `#Index`.
    package var indices: [[String]]

    package func attribute(named name: String) -> StoredAttribute? { attributes.first { $0.name == name } }
    package func relationship(named name: String) -> StoredRelationship? { relationships.first { $0.name == name } }

    package var propertyNames: Set<String> { Set(attributes.map(\.name) + relationships.map(\.name)) }
}

package struct StoredAttribute: Codable, Equatable {
    package var name: String
    /// The column's declared SQLite type.
    package var columnType: String
    /// The Swift type without optionality, unqualified (`String`, `CardCondition`,
    /// `Array<String>`), so that the same type in two schema versions compares equal.
    package var valueType: String
    /// How the value is encoded: `primitive`, `rawValue` or `json`.
    package var encoding: String
    package var isOptional: Bool
}

package struct StoredRelationship: Codable, Equatable {
    package var name: String
    package var destination: String
    package var isToOne: Bool
    package var isOptional: Bool
    package var inverse: String?
    package var storage: Storage

    /// Where a relationship's rows live; a change of storage moves data.
    package enum Storage: Codable, Equatable {
        /// A to-one: a column named after it, with `Z_<name>_ORDER` beside it when
        /// its inverse is to-many.
        case foreignKey(ordered: Bool)
        /// A to-many whose inverse is to-one: stored by the inverse's column.
        case inverseForeignKey
        /// Any other to-many: a join table, read from `Z_SOURCE` when `isOwner`.
        case joinTable(name: String, isOwner: Bool)
    }

    package var typeDescription: String { isToOne ? destination + (isOptional ? "?" : "") : "[\(destination)]" }
}

extension StoredSchema {
    /// The stored form of a schema.
    package init(_ schema: Schema) throws {
        try StoredSchema.validate(schema)
        // By name: the order models are given in is not part of the schema.
        entities = schema.entities.map(StoredEntity.init).sorted { $0.name < $1.name }
    }

    /// Two versions of a model share a table, so one schema cannot hold both.
    package static func validate(_ schema: Schema) throws {
        var seen: [String: Any.Type] = [:]
        for (entity, type) in zip(schema.entities, schema.modelTypes) {
            if let other = seen[entity.name] {
                throw OpenSwiftDataError.migrationFailed(
                    "the schema holds two models named \(entity.name), \(String(reflecting: other)) and \(String(reflecting: type)); "
                        + "a schema must hold one version of each model (check the models given and the relationships they reach)")
            }
            seen[entity.name] = type
        }
    }
}

extension StoredEntity {
    package init(_ entity: Schema.Entity) {
        name = entity.name
        var attributes: [StoredAttribute] = []
        var relationships: [StoredRelationship] = []
        for property in entity.persistedProperties {
            if let attribute = property.attribute {
                attributes.append(StoredAttribute(attribute))
            } else if let relationship = property.relationship {
                relationships.append(StoredRelationship(relationship, of: entity))
            }
        }
        self.attributes = attributes
        self.relationships = relationships
        uniquenessConstraints = entity.uniquenessConstraints
        indices = entity.indices
    }
}

extension StoredAttribute {
    package init(_ attribute: Schema.Attribute) {
        name = attribute.name
        columnType = attribute.codec.columnType
        valueType = StoredAttribute.typeName(attribute.valueType)
        encoding = switch attribute.codec.kind {
        case .primitive: "primitive"
        case .rawValue: "rawValue"
        case .json: "json"
        }
        isOptional = attribute.isOptional
    }

    /// The unqualified name of a type without its optionality.
    package static func typeName(_ type: Any.Type) -> String {
        unqualifiedName(of: (type as? any _OptionalType.Type)?._wrappedType ?? type)
    }

    package var typeDescription: String { valueType + (isOptional ? "?" : "") }
}

extension StoredRelationship {
    package init(_ relationship: Schema.Relationship, of entity: Schema.Entity) {
        name = relationship.name
        destination = relationship.destination
        isToOne = relationship.isToOneRelationship
        isOptional = relationship.isOptional
        inverse = relationship.inverse?.name
        storage = StoredRelationship.storage(of: relationship, in: entity)
    }

    package static func storage(of relationship: Schema.Relationship, in entity: Schema.Entity) -> Storage {
        if relationship.storesForeignKey {
            return .foreignKey(ordered: relationship.inverse.map { !$0.isToOneRelationship } ?? false)
        }
        if relationship.usesJoinTable {
            let join = JoinTableLayout(relationship, of: entity)
            return .joinTable(name: join.name, isOwner: join.isOwner)
        }
        return .inverseForeignKey
    }
}
