#if PostgreSQL
import OpenSwiftData

/// How the properties of one entity travel between its models and its PostgreSQL
/// rows: which columns its row has and what each holds, and where each relationship
/// without a column of its own is found.
struct PostgresEntityMapping: @unchecked Sendable {
    /// A column of the entity's row after `Z_PK`, in ``PostgresEntityTable/columns`` order.
    enum Column: @unchecked Sendable {
        case attribute(Schema.Attribute, PostgresAttributeCodec)
        /// A to-one relationship's key, the `Z_PK` of a row of `destination`.
        case toOne(name: String, destination: String)

        /// The column's type: a to-one relationship's key is a `BIGINT`.
        var type: PostgresColumnType {
            switch self {
            case let .attribute(_, codec): codec.columnType
            case .toOne: .bigint
            }
        }

        /// The attribute or relationship the column holds, as snapshots name it.
        var propertyName: String {
            switch self {
            case let .attribute(attribute, _): attribute.name
            case let .toOne(name, _): name
            }
        }
    }

    /// A relationship whose identifiers are read from other rows than the entity's own.
    enum ForeignSource: Sendable {
        /// A to-many relationship whose inverse is to-one: the destination rows whose
        /// `column` holds this row's key, in the order of `orderColumn`.
        case inverseKey(column: String, orderColumn: String)
        /// The second side of a one-to-one pair: the destination row whose `column` holds this row's key.
        case inverseKeyToOne(column: String)
        /// A to-many relationship kept in a join table.
        case joinTable(PostgresJoinTable)
    }

    struct ForeignRelationship: Sendable {
        let name: String
        let destination: String
        let source: ForeignSource
    }

    let entity: Schema.Entity
    var entityName: String { entity.name }
    let table: PostgresEntityTable
    let columns: [Column]
    /// For each persisted property of the entity, its cell in a row of `selectSQL`
    /// (from 1; `Z_PK` is 0), or -1 when it has no column: a model's reader reads by it.
    let readerColumns: [Int32]
    /// For each column, the index of its property among the entity's persisted properties.
    let columnProperties: [Int]
    let foreignRelationships: [ForeignRelationship]
    /// The children this entity's rows take with them when deleted, by their key column
    /// (the relationships ``Schema/cascadesByKey(_:)`` accepts): the table and column.
    let cascadesByKey: [(table: String, column: String)]

    init(entity: Schema.Entity, table: PostgresEntityTable, in schema: Schema) throws(PostgresStoreError) {
        self.entity = entity
        self.table = table
        var columns: [Column] = []
        for name in table.columns {
            if let attribute = entity.attributesByName[name] {
                guard let codec = PostgresAttributeCodec(attribute: attribute) else {
                    throw .unsupportedAttributeType(entity: entity.name, attribute: name, typeName: "\(attribute.valueType)")
                }
                columns.append(.attribute(attribute, codec))
            } else if let relationship = entity.relationshipsByName[name] {
                columns.append(.toOne(name: name, destination: relationship.destination))
            }
        }
        self.columns = columns
        readerColumns = entity.persistedProperties.map { property in
            table.columns.firstIndex(of: property.name).map { Int32($0 + 1) } ?? -1
        }
        columnProperties = table.columns.map { name in entity.persistedProperties.first { $0.name == name }?.index ?? -1 }
        var foreign: [ForeignRelationship] = []
        for property in entity.properties {
            guard let relationship = property as? Schema.Relationship, !table.columns.contains(relationship.name) else { continue }
            let inverse = relationship.inverse
            let source: ForeignSource
            if let inverse, inverse.isToOneRelationship {
                source = relationship.isToOneRelationship
                    ? .inverseKeyToOne(column: inverse.name)
                    : .inverseKey(column: inverse.name, orderColumn: TableLayout.orderColumn(forForeignKey: inverse.name))
            } else if let joinTable = table.joinTables.first(where: { $0.relationshipName == relationship.name }) {
                source = .joinTable(joinTable)
            } else {
                continue
            }
            foreign.append(ForeignRelationship(name: relationship.name, destination: relationship.destination, source: source))
        }
        foreignRelationships = foreign
        cascadesByKey = entity.relationships.sorted { $0.name < $1.name }.compactMap { relationship in
            guard schema.cascadesByKey(relationship), let inverse = relationship.inverse else { return nil }
            return (relationship.destination, inverse.name)
        }
    }

    /// Reads `Z_PK` and every column, from the table as `t`.
    var selectSQL: String { table.selectSQL }
}
#endif
