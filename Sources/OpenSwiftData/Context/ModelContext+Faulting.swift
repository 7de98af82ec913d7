import Foundation
import GRDB

// Loading what a model's storage does not hold yet: related rows behind faults,
// to-many relationships, attributes left out of a partial fetch.
extension ModelContext {
    func resolveFault<D: PersistentModel>(_ type: D.Type, rowID: Int64) -> D? {
        do {
            return try fetchModel(D.self, rowID: rowID)
        } catch {
            Log.logger.error("cannot load \(D.self) \(rowID): \(error)")
            return nil
        }
    }

    func loadAttribute<M: PersistentModel, Value>(of model: M, _ keyPath: ReferenceWritableKeyPath<M, Value>) -> Value {
        let table = try! store.table(for: M.self)
        guard let property = table.entity.storedPropertiesByKeyPath[keyPath], let attribute = property.attribute else {
            preconditionFailure("\(M.self) has no persisted attribute at \(keyPath)")
        }
        do {
            let value = try store.database.read { db in
                try DatabaseValue.fetchOne(db, sql: "SELECT \(property.name.quotedIdentifier) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" = ?",
                                           arguments: [model._$backingState.rowID])
            }
            guard let value else { preconditionFailure("the row of this \(M.self) no longer exists") }
            return try attribute.codec.decode(value) as! Value
        } catch {
            preconditionFailure("cannot load \(M.self).\(property.name): \(error)")
        }
    }

    func loadToOne<M: PersistentModel, D: PersistentModel>(of model: M, _ keyPath: AnyKeyPath) -> D? {
        guard let table = try? store.table(for: M.self), let property = table.entity.storedPropertiesByKeyPath[keyPath] else { return nil }
        let rowID: Int64?? = try? store.database.read { db in
            try Int64.fetchOne(db, sql: "SELECT \(property.name.quotedIdentifier) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" = ?",
                               arguments: [model._$backingState.rowID])
        }
        guard let rowID = rowID ?? nil else { return nil }
        return resolveFault(D.self, rowID: rowID)
    }

    func loadToMany<M: PersistentModel, D: PersistentModel>(of model: M, _ keyPath: AnyKeyPath) -> [D] {
        do {
            return try fetchRelated(D.self, of: model, relationship: M._$entity.storedPropertiesByKeyPath[keyPath]!.relationship!)
        } catch {
            Log.logger.error("cannot load \(M.self).\(M._$propertyName(keyPath)): \(error)")
            return []
        }
    }

    /// The related rows of a to-many relationship, in their stored order.
    func fetchRelated<D: PersistentModel>(_ type: D.Type, of model: any PersistentModel,
                                          relationship: Schema.Relationship) throws -> [D] {
        let child = try store.table(for: D.self)
        let sql: String
        if relationship.usesJoinTable {
            let join = JoinTable(relationship, of: try store.table(for: Swift.type(of: model)).entity)
            sql = child.selectSQL + " JOIN \(join.name.quotedIdentifier) AS j ON j.\(join.otherColumn.quotedIdentifier) = t.\"Z_PK\" WHERE j.\(join.ownColumn.quotedIdentifier) = ? ORDER BY j.\(join.orderColumn.quotedIdentifier), t.\"Z_PK\""
        } else {
            let inverse = relationship.inverse!
            sql = child.selectSQL + " WHERE t.\(inverse.name.quotedIdentifier) = ? ORDER BY t.\(EntityTable.orderColumn(forForeignKey: inverse.name).quotedIdentifier), t.\"Z_PK\""
        }
        return try fetchRows(D.self, table: child, sql: sql, arguments: [model._$backingState.rowID.databaseValue],
                             columns: child.columnForProperty)
    }

    /// Loads the given relationships of many models with one query per relationship.
    func prefetch<T: PersistentModel>(_ keyPaths: [PartialKeyPath<T>], of models: [T]) throws {
        // Relationship prefetching arrives with the query issue; until then relationships load on access.
        _ = keyPaths
    }
}
