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

    /// An attribute left out of a partial fetch. A read that fails (the row is gone,
    /// the value cannot be read) gives the attribute's stand-in value and is thrown by
    /// the next save or fetch (see `noteLoadFailure`).
    func loadAttribute<M: PersistentModel, Value>(of model: M, _ keyPath: ReferenceWritableKeyPath<M, Value>) -> Value {
        let name = M._$propertyName(keyPath)
        do {
            let table = try store.table(for: M.self)
            guard let property = table.entity.storedPropertiesByKeyPath[keyPath], let attribute = property.attribute else {
                throw OpenSwiftDataError.corruptValue(entity: M._$entityName, property: name, reason: "it is not a persisted attribute")
            }
            let value = try store.read { db in
                try DatabaseValue.fetchOne(db, sql: "SELECT \(property.name.quotedIdentifier) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" = ?",
                                           arguments: [model._$backingState.rowID])
            }
            guard let value else { throw OpenSwiftDataError.rowDeleted(entity: M._$entityName) }
            guard let decoded = try attribute.codec.decode(StoredValue(value)) as? Value else {
                throw OpenSwiftDataError.corruptValue(entity: M._$entityName, property: name, reason: "the stored value \(value) is not a \(Value.self)")
            }
            return decoded
        } catch {
            noteLoadFailure(OpenSwiftDataError(explaining: error)
                ?? .corruptValue(entity: M._$entityName, property: name, reason: "\(error)"))
            return M._$standIn(for: keyPath)
        }
    }

    func loadToOne<M: PersistentModel, D: PersistentModel>(of model: M, _ keyPath: AnyKeyPath) -> D? {
        if let customStore { return loadToOneFromCustomStore(of: model, keyPath, customStore) }
        guard let table = try? store.table(for: M.self), let property = table.entity.storedPropertiesByKeyPath[keyPath],
              let relationship = property.relationship, let destination = try? store.table(for: D.self) else { return nil }
        // The second side of a one-to-one is found through the first side's column.
        let sql = relationship.storesForeignKey
            ? "SELECT \(property.name.quotedIdentifier) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" = ?"
            : "SELECT \"Z_PK\" FROM \(destination.name.quotedIdentifier) WHERE \(relationship.inverseName!.quotedIdentifier) = ? LIMIT 1"
        let rowID: Int64?? = try? store.read { db in
            try Int64.fetchOne(db, sql: sql, arguments: [model._$backingState.rowID])
        }
        guard let rowID = rowID ?? nil else { return nil }
        return resolveFault(D.self, rowID: rowID)
    }

    func loadToMany<M: PersistentModel, D: PersistentModel>(of model: M, _ keyPath: AnyKeyPath) -> [D] {
        if let customStore { return loadToManyFromCustomStore(of: model, keyPath, customStore) }
        // Children loaded by `prefetch` for this relationship.
        if let scope = PrefetchScope.current, scope.context === self, scope.keyPath == keyPath {
            return (scope.children[model._$backingState.rowID] ?? []).map { unsafeDowncast($0, to: D.self) }
        }
        do {
            let relationship = M._$entity.storedPropertiesByKeyPath[keyPath]!.relationship!
            noteToManyLoaded(model, relationship)
            return try fetchRelated(D.self, of: model, relationship: relationship)
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

    /// Loads the given relationships of many models with a query or two per
    /// relationship instead of one per model: to-one destinations land in the
    /// identity map (so faults resolve without a query), to-many children are
    /// grouped by owner and handed to each owner's property.
    func prefetch<T: PersistentModel>(_ keyPaths: [PartialKeyPath<T>], of models: [T]) throws {
        guard !keyPaths.isEmpty else { return }
        let owners = models.filter { $0._$backingState.rowID > 0 && $0._$backingState.status == .persistent }
        guard !owners.isEmpty else { return }
        let table = try store.table(for: T.self)
        let ownerIDs = JSONArgument.ids(owners.map { $0._$backingState.rowID })
        for keyPath in keyPaths {
            guard let property = table.entity.storedPropertiesByKeyPath[keyPath], let relationship = property.relationship else {
                Log.logger.warning("\(T.self): \(keyPath) is not a relationship; nothing to prefetch")
                continue
            }
            try relationship.destinationType._prefetch(into: self, property: property, relationship: relationship, table: table,
                                                       owners: owners, ownerIDs: ownerIDs)
        }
    }

    fileprivate func prefetchRelationship<T: PersistentModel, D: PersistentModel>(_ destination: D.Type, property: StoredProperty,
                                                                  relationship: Schema.Relationship, table: EntityTable,
                                                                  owners: [T], ownerIDs: DatabaseValue) throws {
        let child = try store.table(for: D.self)
        if relationship.isToOneRelationship {
            // The second side of a one-to-one has no column to prefetch through; it loads on access.
            guard relationship.storesForeignKey else { return }
            let sql = child.selectSQL + " WHERE t.\"Z_PK\" IN (SELECT \(property.name.quotedIdentifier) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" IN (SELECT value FROM json_each(?)))"
            _ = try fetchRows(D.self, table: child, sql: sql, arguments: [ownerIDs], columns: child.columnForProperty)
            return
        }
        let names = (["\"Z_PK\""] + child.columns.map(\.quotedIdentifier)).map { "t." + $0 }.joined(separator: ", ")
        let sql: String
        if relationship.usesJoinTable {
            let join = JoinTable(relationship, of: table.entity)
            sql = "SELECT \(names), j.\(join.ownColumn.quotedIdentifier) FROM \(child.name.quotedIdentifier) AS t JOIN \(join.name.quotedIdentifier) AS j ON j.\(join.otherColumn.quotedIdentifier) = t.\"Z_PK\" WHERE j.\(join.ownColumn.quotedIdentifier) IN (SELECT value FROM json_each(?)) ORDER BY j.\(join.ownColumn.quotedIdentifier), j.\(join.orderColumn.quotedIdentifier), t.\"Z_PK\""
        } else if let inverse = relationship.inverse {
            let fk = inverse.name.quotedIdentifier
            sql = "SELECT \(names), t.\(fk) FROM \(child.name.quotedIdentifier) AS t WHERE t.\(fk) IN (SELECT value FROM json_each(?)) ORDER BY t.\(fk), t.\(EntityTable.orderColumn(forForeignKey: inverse.name).quotedIdentifier), t.\"Z_PK\""
        } else {
            return
        }
        let rows = try fetchRowsWithOwner(D.self, table: child, sql: sql, arguments: [ownerIDs])
        var children: [Int64: [AnyObject]] = [:]
        for (owner, model) in rows { children[owner, default: []].append(model) }
        let scope = PrefetchScope(context: self, keyPath: property.keyPath, children: children)
        PrefetchScope.$current.withValue(scope) {
            for owner in owners { _ = relationship.access.get(owner) }
        }
    }

    /// Like `fetchRows`, for a SELECT whose last column is the row's owner.
    private func fetchRowsWithOwner<D: PersistentModel>(_ type: D.Type, table: EntityTable, sql: String,
                                                         arguments: [DatabaseValue]) throws -> [(Int64, D)] {
        let registry = registry(for: D.self)
        let ownerColumn = Int32(table.columns.count + 1)
        return try store.read { db in
            try db.withStatement(sql) { statement in
                db.bind(arguments, to: statement)
                var result: [(Int64, D)] = []
                while try db.step(statement) {
                    let rowID = sqlite3_column_int64(statement, 0)
                    let owner = sqlite3_column_int64(statement, ownerColumn)
                    if let existing = registry.models[rowID] {
                        result.append((owner, unsafeDowncast(existing, to: D.self)))
                        continue
                    }
                    var reader = _ModelReader(statement: statement, columns: table.columnForProperty, entityName: table.name)
                    let model = try D(_$reader: &reader)
                    model._$backingState.context = self
                    model._$backingState.rowID = rowID
                    model._$backingState.status = .persistent
                    registry.models[rowID] = model
                    result.append((owner, model))
                }
                return result
            }
        }
    }
}

extension PersistentModel {
    /// Prefetches a relationship whose destination is this type.
    fileprivate static func _prefetch<T: PersistentModel>(into context: ModelContext, property: StoredProperty,
                                                         relationship: Schema.Relationship, table: EntityTable,
                                                         owners: [T], ownerIDs: DatabaseValue) throws {
        try context.prefetchRelationship(Self.self, property: property, relationship: relationship, table: table,
                                         owners: owners, ownerIDs: ownerIDs)
    }
}

/// The to-many children a prefetch loaded, while it hands them to their owners.
struct PrefetchScope: @unchecked Sendable {
    let context: ModelContext
    let keyPath: AnyKeyPath
    let children: [Int64: [AnyObject]]

    @TaskLocal static var current: PrefetchScope?
}

/// A list of row ids as one JSON argument, read with `json_each(?)`, so that one
/// prepared statement serves any number of ids.
enum JSONArgument {
    static func ids(_ ids: [Int64]) -> DatabaseValue {
        ("[" + ids.map(String.init).joined(separator: ",") + "]").databaseValue
    }
}
