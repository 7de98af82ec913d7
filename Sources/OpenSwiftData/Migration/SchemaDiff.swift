import Foundation
import GRDB

/// What must change in a store's tables to take it from the schema it holds to
/// another one.
///
/// It is computed from the two schemas alone, so a change that no migration of
/// this kind can make throws here, before the store is touched. What depends on
/// the rows (NULLs in a column that becomes non-optional, duplicates under a new
/// unique constraint) is checked by `MigrationChecks`, still before anything is
/// written, and `LightweightMigration` applies the result.
package struct SchemaDiff {
    /// A lightweight change must keep every value; a custom stage may reset a
    /// column whose type changed, because its own code moves the values.
    package enum Kind { case lightweight, custom }

    package let target: Schema
    var createdEntities: [EntityTable] = []
    package var droppedEntities: [String] = []
    /// Every entity the store keeps, changed or not (their indexes are reconciled).
    package var keptEntities: [EntityDiff] = []
    package var createdJoinTables: [JoinTableCreation] = []
    package var droppedJoinTables: [String] = []
    package var joinsToForeignKeys: [JoinToForeignKey] = []

    /// True when the store already has the target's layout (the version may differ).
    package let isEmpty: Bool

    package init(from stored: StoredSchema, to target: Schema, kind: Kind) throws {
        self.target = target
        isEmpty = stored == (try StoredSchema(target))
        var matches: [RelationshipKey: StoredRelationship] = [:]
        for entity in target.entities {
            if let storedEntity = stored.entity(named: entity.name) {
                keptEntities.append(try EntityDiff(from: storedEntity, to: entity, kind: kind, matches: &matches))
            } else {
                createdEntities.append(EntityTable(entity: entity, schema: target))
            }
        }
        let targetNames = Set(target.entities.map(\.name))
        droppedEntities = stored.entities.map(\.name).filter { !targetNames.contains($0) }
        planJoinTables(stored: stored, matches: matches)
    }

    /// Creates, copies, converts and drops join tables. A to-many relationship
    /// moves between a join table and its inverse's foreign key when its inverse
    /// appears or disappears, and a join table is renamed (with its columns swapped)
    /// when the relationship that owns it changes name.
    private mutating func planJoinTables(stored: StoredSchema, matches: [RelationshipKey: StoredRelationship]) {
        var storedJoins: Set<String> = []
        for entity in stored.entities {
            for relationship in entity.relationships {
                if case let .joinTable(name, _) = relationship.storage { storedJoins.insert(name) }
            }
        }
        var targetJoins: [(table: JoinTableLayout, users: [(Schema.Entity, Schema.Relationship)])] = []
        for entity in target.entities {
            for relationship in entity.persistedProperties.compactMap(\.relationship) where relationship.usesJoinTable {
                let join = JoinTableLayout(relationship, of: entity)
                if let index = targetJoins.firstIndex(where: { $0.table.name == join.name }) {
                    targetJoins[index].users.append((entity, relationship))
                } else {
                    targetJoins.append((join, [(entity, relationship)]))
                }
            }
        }
        var kept: Set<String> = []
        for (join, users) in targetJoins {
            var source = JoinTableCreation.Source.empty
            for (entity, relationship) in users {
                guard let old = matches[RelationshipKey(entity.name, relationship.name)] else { continue }
                let isOwner = JoinTableLayout(relationship, of: entity).isOwner
                switch old.storage {
                case let .joinTable(name, wasOwner):
                    source = .joinTable(name, swapped: wasOwner != isOwner)
                case .inverseForeignKey:
                    guard let inverse = old.inverse else { continue }
                    let child = keptEntities.first { $0.name == relationship.destination }
                    let childStored = stored.entity(named: relationship.destination)?.relationship(named: inverse)
                    let orderColumn = TableLayout.orderColumn(forForeignKey: inverse)
                    let ordered = if case .foreignKey(true) = childStored?.storage { true } else { false }
                    source = .foreignKey(table: relationship.destination,
                                         column: child?.columnName(afterRenaming: inverse) ?? inverse,
                                         orderColumn: ordered ? (child?.columnName(afterRenaming: orderColumn) ?? orderColumn) : nil,
                                         parentIsSource: isOwner)
                case .foreignKey:
                    continue
                }
                break
            }
            if case let .joinTable(name, false) = source, name == join.name {
                kept.insert(name)
                continue
            }
            createdJoinTables.append(JoinTableCreation(
                name: join.name, temporaryName: storedJoins.contains(join.name) ? join.name + "_MIGRATING" : nil, source: source))
        }
        droppedJoinTables = storedJoins.subtracting(kept).sorted()

        // To-many relationships that now live in their inverse's foreign key.
        for entity in target.entities {
            for relationship in entity.persistedProperties.compactMap(\.relationship) where !relationship.isToOneRelationship && !relationship.usesJoinTable {
                guard let old = matches[RelationshipKey(entity.name, relationship.name)],
                      case let .joinTable(name, wasOwner) = old.storage, let inverse = relationship.inverse else { continue }
                joinsToForeignKeys.append(JoinToForeignKey(
                    joinTable: name, parentColumn: wasOwner ? "Z_SOURCE" : "Z_TARGET", childColumn: wasOwner ? "Z_TARGET" : "Z_SOURCE",
                    orderColumn: wasOwner ? "Z_SOURCE_ORDER" : "Z_TARGET_ORDER",
                    childTable: relationship.destination, foreignKey: inverse.name,
                    foreignKeyOrder: TableLayout.orderColumn(forForeignKey: inverse.name),
                    parent: entity.name, relationship: relationship.name))
            }
        }
    }

}

package struct RelationshipKey: Hashable {
    package let entity: String
    package let relationship: String
    package init(_ entity: String, _ relationship: String) {
        self.entity = entity
        self.relationship = relationship
    }
}

/// The column changes of one entity the store keeps.
package struct EntityDiff {
    let table: EntityTable
    /// The entity as the new schema declares it.
    package var entity: Schema.Entity { table.entity }
    package let stored: StoredEntity
    /// Each stored column that survives, with its name afterwards.
    package var keptColumns: [String: String] = [:]
    package var renames: [(from: String, to: String)] = []
    /// Columns dropped before the additions, because an added column of another
    /// type takes their name (a custom stage's type change).
    package var replaced: [String] = []
    package var added: [AddedColumn] = []
    package var dropped: [String] = []
    /// Columns of attributes the new schema no longer has: kept, unread, with their
    /// values, as on the PostgreSQL store (an attribute of the same name and type
    /// added back later takes them up again).
    package var leftBehind: [String] = []
    /// Columns whose NULLs take the attribute's default (it became non-optional).
    package var fills: [(column: String, value: DatabaseValue)] = []
    /// Stored columns that must hold no NULL (they became non-optional without a default).
    package var mustHaveValues: [(column: String, property: String)] = []
    package var newUniqueConstraints: [UniqueCheck] = []

    package var name: String { table.name }
    package func columnName(afterRenaming column: String) -> String? { keptColumns[column] }

    package init(from stored: StoredEntity, to entity: Schema.Entity, kind: SchemaDiff.Kind,
         matches: inout [RelationshipKey: StoredRelationship]) throws {
        table = EntityTable(entity: entity)
        self.stored = stored
        let targetAttributes = Set(entity.attributes.map(\.name))
        let targetRelationships = Set(entity.relationships.map(\.name))
        var claimed: Set<String> = []

        func typeChange(_ property: String, from: String, to: String) throws {
            if kind == .lightweight {
                throw OpenSwiftDataError.migrationTypeChange(entity: entity.name, property: property, from: from, to: to)
            }
        }

        for property in entity.persistedProperties {
            if let attribute = property.attribute {
                let target = StoredAttribute(attribute)
                // The property's own name wins; `originalName` names a column only
                // when no attribute of the new schema still uses that name.
                let old = stored.attribute(named: attribute.name)
                    ?? (attribute.originalName != attribute.name && !targetAttributes.contains(attribute.originalName)
                            ? stored.attribute(named: attribute.originalName) : nil)
                guard let old, !claimed.contains(old.name) else {
                    if let relationship = stored.relationship(named: attribute.name) {
                        try typeChange(attribute.name, from: relationship.typeDescription, to: target.typeDescription)
                        replaced += storedColumns(of: relationship)
                        claimed.insert(relationship.name)
                    }
                    added.append(AddedColumn(attribute))
                    continue
                }
                claimed.insert(old.name)
                guard old.valueType == target.valueType, old.encoding == target.encoding, old.columnType == target.columnType else {
                    try typeChange(attribute.name, from: old.typeDescription, to: target.typeDescription)
                    replaced.append(old.name)
                    added.append(AddedColumn(attribute, replacing: old))
                    continue
                }
                keep(old.name, as: attribute.name)
                if old.isOptional && !attribute.isOptional {
                    let value = AddedColumn(attribute).defaultValue
                    if value.isNull { mustHaveValues.append((old.name, attribute.name)) } else { fills.append((attribute.name, value)) }
                }
            } else if let relationship = property.relationship {
                let target = StoredRelationship(relationship, of: entity)
                let old = stored.relationship(named: relationship.name)
                    ?? (relationship.originalName != relationship.name && !targetRelationships.contains(relationship.originalName)
                            ? stored.relationship(named: relationship.originalName) : nil)
                guard let old, !claimed.contains(old.name) else {
                    if let attribute = stored.attribute(named: relationship.name), !claimed.contains(attribute.name) {
                        try typeChange(relationship.name, from: attribute.typeDescription, to: target.typeDescription)
                        replaced.append(attribute.name)
                        claimed.insert(attribute.name)
                    }
                    addStorage(of: relationship, target)
                    continue
                }
                claimed.insert(old.name)
                guard old.destination == target.destination, old.isToOne == target.isToOne else {
                    try typeChange(relationship.name, from: old.typeDescription, to: target.typeDescription)
                    replaced += storedColumns(of: old)
                    addStorage(of: relationship, target)
                    continue
                }
                matches[RelationshipKey(entity.name, relationship.name)] = old
                guard case let .foreignKey(wasOrdered) = old.storage, case let .foreignKey(ordered) = target.storage else { continue }
                keep(old.name, as: relationship.name)
                let oldOrder = TableLayout.orderColumn(forForeignKey: old.name)
                let newOrder = TableLayout.orderColumn(forForeignKey: relationship.name)
                switch (wasOrdered, ordered) {
                case (true, true): keep(oldOrder, as: newOrder)
                case (false, true): added.append(AddedColumn(name: newOrder, columnType: "INTEGER", defaultValue: .null, needsValue: false))
                case (true, false): dropped.append(oldOrder)
                case (false, false): break
                }
                if old.isOptional && !relationship.isOptional { mustHaveValues.append((old.name, relationship.name)) }
            }
        }
        for attribute in stored.attributes where !claimed.contains(attribute.name) { leftBehind.append(attribute.name) }
        for relationship in stored.relationships where !claimed.contains(relationship.name) {
            dropped += storedColumns(of: relationship)
        }

        // A constraint is new unless the store has it on the same (renamed) columns.
        let storedName = Dictionary(keptColumns.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let addedDefaults = Dictionary(added.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { a, _ in a })
        for constraint in entity.uniquenessConstraints {
            let oldColumns = constraint.map { storedName[$0] }
            if oldColumns.allSatisfy({ $0 != nil }), stored.uniquenessConstraints.contains(oldColumns.map { $0! }) { continue }
            // NULLs never collide in a unique index, and a new column holds its default in every row.
            let canBeViolated = constraint.allSatisfy { storedName[$0] != nil || addedDefaults[$0].map { !$0.isNull } ?? false }
            newUniqueConstraints.append(UniqueCheck(properties: constraint, storedColumns: oldColumns.compactMap { $0 }, canBeViolated: canBeViolated))
        }
    }

    private mutating func keep(_ column: String, as name: String) {
        keptColumns[column] = name
        if column != name { renames.append((column, name)) }
    }

    private mutating func addStorage(of relationship: Schema.Relationship, _ stored: StoredRelationship) {
        guard case let .foreignKey(ordered) = stored.storage else { return }
        added.append(AddedColumn(name: relationship.name, columnType: "INTEGER", defaultValue: .null, needsValue: !relationship.isOptional))
        if ordered {
            added.append(AddedColumn(name: TableLayout.orderColumn(forForeignKey: relationship.name), columnType: "INTEGER",
                                     defaultValue: .null, needsValue: false))
        }
    }

    private func storedColumns(of relationship: StoredRelationship) -> [String] {
        guard case let .foreignKey(ordered) = relationship.storage else { return [] }
        return [relationship.name] + (ordered ? [TableLayout.orderColumn(forForeignKey: relationship.name)] : [])
    }
}

/// A column a migration adds, with the value existing rows get.
package struct AddedColumn {
    package let name: String
    package let columnType: String
    package let defaultValue: DatabaseValue
    /// Non-optional without a default: existing rows would have no value.
    package let needsValue: Bool
    /// The column this one replaces, when a custom stage changes an attribute's type.
    package var replacing: StoredAttribute?
    package var typeDescription: String?
    /// The column is an attribute's (not a relationship's key or order).
    package var isAttribute = false
    /// The attribute whose column this is, when it is one.
    package var attribute: Schema.Attribute?

    package init(name: String, columnType: String, defaultValue: DatabaseValue, needsValue: Bool) {
        self.name = name
        self.columnType = columnType
        self.defaultValue = defaultValue
        self.needsValue = needsValue
    }

    /// The column of an attribute; existing rows take the property initialiser's value.
    package init(_ attribute: Schema.Attribute, replacing old: StoredAttribute? = nil) {
        let value = attribute.defaultValue.flatMap { try? attribute.codec.encode($0).databaseValue } ?? .null
        self.init(name: attribute.name, columnType: attribute.codec.columnType, defaultValue: value,
                  needsValue: !attribute.isOptional && value.isNull)
        replacing = old
        typeDescription = StoredAttribute(attribute).typeDescription
        isAttribute = true
        self.attribute = attribute
    }
}

/// A unique constraint the store does not have yet, and how to look for rows that violate it.
package struct UniqueCheck {
    /// The constrained properties, as the new schema names them.
    package let properties: [String]
    /// The stored columns among them; the others are new and hold a constant.
    package let storedColumns: [String]
    /// False when a new column holds NULL in every row, which never collides.
    package let canBeViolated: Bool
}

/// A join table a migration creates, and the rows it starts with.
package struct JoinTableCreation {
    package enum Source {
        case empty
        /// The rows of another join table, with source and target swapped when the
        /// owning side changed.
        case joinTable(String, swapped: Bool)
        /// The foreign key of the relationship's former to-one inverse.
        case foreignKey(table: String, column: String, orderColumn: String?, parentIsSource: Bool)
    }

    package let name: String
    /// Set when a table of the final name exists until the end of the migration.
    package let temporaryName: String?
    package let source: Source
}

/// A to-many relationship whose rows move from a join table to its inverse's
/// foreign key, because it gained a to-one inverse.
package struct JoinToForeignKey {
    package let joinTable: String
    package let parentColumn: String
    package let childColumn: String
    package let orderColumn: String
    package let childTable: String
    package let foreignKey: String
    package let foreignKeyOrder: String
    package let parent: String
    package let relationship: String
}
