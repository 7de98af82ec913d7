import Foundation
import GRDB

extension ModelContext {
    /// Writes every pending insert, change and delete in one transaction.
    ///
    /// Delete rules and validation run first; if any fails, or the store refuses a
    /// statement, nothing is written and the context keeps its pending changes.
    public func save() throws {
        autosaveScheduled = false
        try throwDeferredLoadFailure()
        try applyDeleteRules()
        endUndoEvent()
        guard hasChanges else { return }
        if let customStore { return try saveToCustomStore(customStore) }
        guard store.configuration.allowsSave else {
            throw OpenSwiftDataError.saveNotAllowed(configuration: store.configuration.name)
        }
        if store.isOnReadOnlyMedia { throw OpenSwiftDataError.storeOnReadOnlyMedia(path: store.configuration.url.path) }
        var entities = EntityLookup()
        for model in inserted + changedModelsArray {
            let entity = entities.entity(of: model)
            if entity.isValidating { try (model as! any ValidatingModel).validate() }
            if model._$backingState.isPartial { faultInAllAttributes(of: model) }
            if !entity.relationships.isEmpty { try checkRelationshipsBelongHere(model, entity) }
        }
        // An inserted model whose unique key matches a model this context holds
        // replaces it: the replaced one leaves the relationships that point to it and
        // its own pending edits are dropped, so the row ends with the inserted values.
        let replacements = try registeredModelsReplaced(by: inserted)
        for (previous, _) in replacements { detachFromInverses(previous) }

        let inserted = insertionOrder(self.inserted)
        let changed = changedModelsArray.filter { model in !replacements.contains { $0.previous === model } }
        let deleted = self.deleted.filter { $0._$backingState.rowID > 0 }
        let toManyChanges = self.toManyChanges.filter { $0.model._$backingState.status != .deleted }
        let storeCascades = pendingStoreCascades
        // Everything the transaction writes must be in memory before it starts: the
        // store cannot be read while it is being written.
        let toManyTargets = toManyChanges.map { $0.relationship.access.get($0.model) }

        postNotification(ModelContext.willSave, inserted: inserted, changed: changed, deleted: deleted)

        var assigned: [(model: any PersistentModel, temporaryRowID: Int64)] = []
        var deletedInStore: [PersistentIdentifier] = []
        var touched = pendingEntityNames
        for cascade in storeCascades {
            if let child = try? store.table(for: cascade.relationship.destinationType) { touched.insert(child.name) }
        }
        do {
            try store.write(touching: touched) { db in
                var statements = SaveStatements()
                var history = try HistoryRecorder(store: store, author: author, db)
                deletedInStore = []
                try checkDeniedDeletesInStore(deleted, leaving: deleted + changed, db)
                for cascade in storeCascades { deletedInStore += try deleteChildren(of: cascade, db, &history) }
                try deleteRows(of: deleted, db, &history)
                var pending: [(model: any PersistentModel, property: Int, destination: AnyObject)] = []
                // Updates before inserts: an insert that upserts onto a changed row wins.
                for model in changed {
                    pending += try updateRow(of: model, db, &statements, &history).map { (model, $0.property, $0.destination) }
                }
                for model in inserted {
                    let temporaryRowID = model._$backingState.rowID
                    let (rowID, foreignKeys) = try insertRow(of: model, db, &statements)
                    model._$backingState.rowID = rowID
                    assigned.append((model, temporaryRowID))
                    pending += foreignKeys.map { (model, $0.property, $0.destination) }
                    try history.recordInsert(entity: type(of: model)._$entityName, rowID: rowID, db)
                }
                for (model, property, destination) in pending {
                    try writeForeignKey(of: model, property: property, to: destination, db)
                    if model._$backingState.status == .persistent {
                        history.noteUpdated(model, property: type(of: model)._$entity.persistedProperties[property].name, entity: type(of: model)._$entityName)
                    }
                }
                for (change, targets) in zip(toManyChanges, toManyTargets) {
                    try writeToMany(change, targets: targets, db)
                    if change.model._$backingState.status == .persistent {
                        history.noteUpdated(change.model, property: change.relationship.name, entity: type(of: change.model)._$entityName)
                    }
                }
                try history.finish(db)
            }
        } catch {
            for (model, temporaryRowID) in assigned { model._$backingState.rowID = temporaryRowID }
            throw OpenSwiftDataError.wrap(error)
        }

        // The transaction committed: the context now matches the store.
        for (model, _) in assigned {
            let registry = registry(for: type(of: model))
            if let previous = registry.models[model._$backingState.rowID] as? any PersistentModel, previous !== model {
                // An upsert matched a row this context holds: the inserted model takes its place.
                previous._$backingState.status = .detached
                previous._$backingState.isChanged = false
                previous._$backingState.context = nil
            }
            registry.models[model._$backingState.rowID] = model
            model._$backingState.status = .persistent
        }
        for model in deleted + self.deleted {
            registry(for: type(of: model)).models[model._$backingState.rowID] = nil
            model._$backingState.status = .detached
            model._$backingState.isChanged = false
            model._$backingState.context = nil
        }
        for model in self.changed { model._$backingState.isChanged = false }
        self.inserted.removeAll()
        self.changed.removeAll()
        self.deleted.removeAll()
        clearPending()
        self.toManyChanges.removeAll()
        self.toManyChangeKeys.removeAll()
        pendingStoreCascades.removeAll()
        deleteRulesAppliedCount = 0
        postNotification(ModelContext.didSave, inserted: inserted, changed: changed, deleted: deleted, deletedInStore: deletedInStore)
    }

    // MARK: Before the transaction

    /// Inserted models ordered so that a model comes after the inserted models its
    /// to-one relationships point to: their keys are known when its row is written,
    /// which unique constraints that include a relationship need.
    private func insertionOrder(_ models: [any PersistentModel]) -> [any PersistentModel] {
        var lookup = EntityLookup()
        guard models.contains(where: { model in lookup.entity(of: model).relationships.contains(where: \.storesForeignKey) }) else {
            return models
        }
        let pending = Set(models.map(ObjectIdentifier.init))
        var visited: Set<ObjectIdentifier> = []
        var ordered: [any PersistentModel] = []
        ordered.reserveCapacity(models.count)
        var entities = EntityLookup()
        func visit(_ model: any PersistentModel) {
            guard visited.insert(ObjectIdentifier(model)).inserted else { return }
            for relationship in entities.entity(of: model).relationships where relationship.storesForeignKey {
                for destination in relationship.access.get(model) where pending.contains(ObjectIdentifier(destination)) {
                    visit(destination as! any PersistentModel)
                }
            }
            ordered.append(model)
        }
        models.forEach(visit)
        return ordered
    }

    /// Registered models of this context whose unique key an inserted model repeats.
    ///
    /// The candidates are the registered models whose rows hold an inserted model's
    /// key, found through the store's unique index, and the changed models, whose
    /// unsaved edits may give them one; each is then compared by the key it holds in
    /// memory. Looking rows up by key costs the inserted models alone, where indexing
    /// every registered model cost each save the size of the context (quadratic for
    /// an import that saves in batches and keeps its models).
    private func registeredModelsReplaced(by inserted: [any PersistentModel]) throws -> [(previous: any PersistentModel, by: any PersistentModel)] {
        var replacements: [(previous: any PersistentModel, by: any PersistentModel)] = []
        // A context that holds no saved model (a fresh one importing) has nothing to replace.
        guard registries.values.contains(where: { !$0.models.isEmpty }) else { return replacements }
        var entities = EntityLookup()
        let byEntity = Dictionary(grouping: inserted.filter { !entities.entity(of: $0).uniquenessConstraints.isEmpty }) {
            ObjectIdentifier(type(of: $0))
        }
        for (entityID, models) in byEntity {
            guard let registry = registries[ObjectIdentifier(Self.registryType(of: type(of: models[0])))], !registry.models.isEmpty else { continue }
            let entity = type(of: models[0])._$entity
            let table = try store.table(for: type(of: models[0]))
            var candidates = changedModelsArray.filter { ObjectIdentifier(type(of: $0)) == entityID }
            for rowID in try rowIDs(holdingKeysOf: models, in: table) {
                if let model = registry.models[rowID] as? any PersistentModel { candidates.append(model) }
            }
            candidates.removeAll { $0._$backingState.status != .persistent }
            guard !candidates.isEmpty else { continue }
            for constraint in entity.uniquenessConstraints {
                var index: [[StoredValue]: any PersistentModel] = [:]
                for model in candidates { if let key = uniqueKey(of: model, constraint, entity) { index[key] = model } }
                for model in models {
                    if let key = uniqueKey(of: model, constraint, entity), let previous = index[key],
                       !replacements.contains(where: { $0.previous === previous }) {
                        replacements.append((previous, model))
                    }
                }
            }
        }
        return replacements
    }

    /// The rows of `table` that hold the unique key, under any of its entity's
    /// constraints, of one of `models`.
    private func rowIDs(holdingKeysOf models: [any PersistentModel], in table: EntityTable) throws -> [Int64] {
        let entity = table.entity
        return try store.read { db in
            var found: [Int64] = []
            for constraint in entity.uniquenessConstraints {
                let sql = "SELECT \"Z_PK\" FROM \(table.name.quotedIdentifier) WHERE "
                    + constraint.map { "\($0.quotedIdentifier) = ?" }.joined(separator: " AND ")
                for model in models {
                    // A key with a NULL part matches no row: SQLite's unique indexes allow repeated NULLs.
                    guard let key = uniqueKey(of: model, constraint, entity), !key.contains(.null) else { continue }
                    found += try db.rowIDs(sql, arguments: key.map(\.databaseValue))
                }
            }
            return found
        }
    }

    private func uniqueKey(of model: any PersistentModel, _ constraint: [String], _ entity: Schema.Entity) -> [StoredValue]? {
        var key: [StoredValue] = []
        for name in constraint {
            guard let property = entity.storedProperty(named: name) else { return nil }
            if let attribute = property.attribute {
                guard let value = try? attribute.codec.encode(attribute.access.get(model)) else { return nil }
                key.append(value)
            } else if let relationship = property.relationship, relationship.isToOneRelationship {
                let destination = relationship.access.get(model).first as? any PersistentModel
                key.append(destination.map { .integer($0._$backingState.rowID) } ?? .null)
            }
        }
        return key
    }

    /// Removes a model from the to-many relationships that hold it.
    private func detachFromInverses(_ model: any PersistentModel) {
        for relationship in type(of: model)._$entity.relationships where relationship.isToOneRelationship {
            guard let inverse = relationship.inverse, !inverse.isToOneRelationship else { continue }
            for owner in relationship.access.get(model) {
                var members = inverse.access.get(owner)
                members.removeAll { $0 === model }
                inverse.access.set(owner, members)
            }
        }
        changed.removeAll { $0 === model }
        model._$backingState.isChanged = false
    }

    /// A relationship may only hold models of this context (or models not yet inserted,
    /// which join it).
    private func checkRelationshipsBelongHere(_ model: any PersistentModel, _ entity: Schema.Entity) throws {
        for relationship in entity.relationships {
            for destination in relationship.access.get(model) {
                guard let destination = destination as? any PersistentModel else { continue }
                if let other = destination._$backingState.context, other !== self {
                    throw OpenSwiftDataError.modelInAnotherContext(entity: type(of: destination)._$entityName)
                }
            }
        }
    }

    // MARK: Rows

    private func insertRow(of model: any PersistentModel, _ db: Database, _ statements: inout SaveStatements) throws
        -> (rowID: Int64, pending: [(property: Int, destination: AnyObject)]) {
        let (table, statement) = try statements.insert(for: type(of: model), store, db)
        sqlite3_reset(statement)
        var writer = _ModelWriter(statement: statement, parameters: table.columnForProperty, entity: table.entity)
        try model._$encode(to: &writer)
        // A plain INSERT first: most inserted models are new. Only when it hits a unique
        // key does the upsert run (its RETURNING clause costs a temporary table per row).
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE {
            return (sqlite3_last_insert_rowid(db.sqliteConnection), writer.pendingForeignKeys)
        }
        guard let upsertSQL = table.upsertSQL, ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)) == .SQLITE_CONSTRAINT_UNIQUE else {
            throw db.error(code, statement)
        }
        sqlite3_reset(statement)
        return try db.withStatement(upsertSQL) { upsert in
            var writer = _ModelWriter(statement: upsert, parameters: table.columnForProperty, entity: table.entity)
            try model._$encode(to: &writer)
            guard try db.step(upsert) else { throw OpenSwiftDataError.sqlite("upsert into \(table.name) returned no row") }
            let rowID = sqlite3_column_int64(upsert, 0)
            while try db.step(upsert) {}
            return (rowID, writer.pendingForeignKeys)
        }
    }

    /// Writes the columns of the properties set since the model's last save.
    private func updateRow(of model: any PersistentModel, _ db: Database, _ statements: inout SaveStatements,
                           _ history: inout HistoryRecorder) throws -> [(property: Int, destination: AnyObject)] {
        let (table, update, statement) = try statements.update(for: type(of: model), changing: model._$backingState.changedProperties, store, db)
        try history.noteUpdate(of: model, writing: update.parameters, db)
        sqlite3_reset(statement)
        defer { sqlite3_reset(statement) }
        var writer = _ModelWriter(statement: statement, parameters: update.parameters, entity: table.entity)
        try model._$encode(to: &writer)
        sqlite3_bind_int64(statement, Int32(table.columns.count + 1), model._$backingState.rowID)
        let found = try db.step(statement)
        if update.setsColumns ? sqlite3_changes(db.sqliteConnection) == 0 : !found {
            throw OpenSwiftDataError.rowDeleted(entity: table.name)
        }
        return writer.pendingForeignKeys
    }

    private func writeForeignKey(of model: any PersistentModel, property: Int, to destination: AnyObject, _ db: Database) throws {
        let table = try store.table(for: type(of: model))
        let column = table.entity.persistedProperties[property].name
        guard let destination = destination as? any PersistentModel, destination._$backingState.rowID > 0 else {
            throw OpenSwiftDataError.invalidValue(entity: table.name, property: column,
                                                  reason: "it refers to a model that is not inserted in this context")
        }
        try db.execute(sql: "UPDATE \(table.name.quotedIdentifier) SET \(column.quotedIdentifier) = ? WHERE \"Z_PK\" = ?",
                       arguments: [destination._$backingState.rowID, model._$backingState.rowID])
    }

    /// Checks `.deny` again in the store, inside the save's transaction: another process
    /// may have saved a model that points at one this save deletes after the context
    /// checked the rule against what it had read (and the deletion would clear that
    /// model's key). Rows this save deletes or rewrites itself are left out: the
    /// context checked them as they are now.
    private func checkDeniedDeletesInStore(_ deleted: [any PersistentModel], leaving: [any PersistentModel], _ db: Database) throws {
        var doomed: [ObjectIdentifier: (type: any PersistentModel.Type, rowIDs: [Int64])] = [:]
        for model in deleted where type(of: model)._$entity.relationships.contains(where: { $0.deleteRule == .deny }) {
            doomed[ObjectIdentifier(type(of: model)), default: (type(of: model), [])].rowIDs.append(model._$backingState.rowID)
        }
        guard !doomed.isEmpty else { return }
        var leavingRowIDs: [String: [Int64]] = [:]
        for model in leaving where model._$backingState.rowID > 0 {
            leavingRowIDs[type(of: model)._$entityName, default: []].append(model._$backingState.rowID)
        }
        func list(_ rowIDs: [Int64]) -> String { "[" + rowIDs.map(String.init).joined(separator: ",") + "]" }
        for (type, rowIDs) in doomed.values {
            for relationship in type._$entity.relationships
            where relationship.deleteRule == .deny && !relationship.isToOneRelationship && !relationship.usesJoinTable {
                guard let foreignKey = relationship.inverseName, let destination = relationship.destinationType,
                      let table = try? store.table(for: destination) else { continue }
                let sql = "SELECT count(*) FROM \(table.name.quotedIdentifier) WHERE \(foreignKey.quotedIdentifier) IN (SELECT value FROM json_each(?)) "
                    + "AND \"Z_PK\" NOT IN (SELECT value FROM json_each(?))"
                let count = try Int.fetchOne(db, sql: sql, arguments: [list(rowIDs), list(leavingRowIDs[table.name] ?? [])]) ?? 0
                if count > 0 {
                    throw OpenSwiftDataError.deleteDenied(entity: type._$entityName, relationship: relationship.name, relatedCount: count)
                }
            }
        }
    }

    /// Deletes the rows of the given models, one statement per entity and per table
    /// that refers to it, whatever the number of rows.
    private func deleteRows(of models: [any PersistentModel], _ db: Database, _ history: inout HistoryRecorder) throws {
        var rowIDsByEntity: [ObjectIdentifier: (type: any PersistentModel.Type, rowIDs: [Int64])] = [:]
        for model in models {
            rowIDsByEntity[ObjectIdentifier(type(of: model)), default: (type(of: model), [])].rowIDs.append(model._$backingState.rowID)
        }
        for (type, rowIDs) in rowIDsByEntity.values {
            let list = "[" + rowIDs.map(String.init).joined(separator: ",") + "]"
            let table = try store.table(for: type)
            try history.recordDeletes(of: table, where: "\"Z_PK\" IN (SELECT value FROM json_each(?1))", argument: list.databaseValue, db)
            for sql in store.deletionSQL(for: table) {
                try db.execute(sql: sql, arguments: [list])
            }
        }
    }

    /// Deletes, in one statement, the children of a cascade the store runs by itself,
    /// and returns their identifiers for the save notification.
    private func deleteChildren(of cascade: StoreCascade, _ db: Database, _ history: inout HistoryRecorder) throws -> [PersistentIdentifier] {
        let child = try store.table(for: cascade.relationship.destinationType)
        guard let foreignKey = cascade.relationship.inverseName else { return [] }
        let sql = "DELETE FROM \(child.name.quotedIdentifier) WHERE \(foreignKey.quotedIdentifier) IN (SELECT value FROM json_each(?)) RETURNING \"Z_PK\""
        let owners = "[" + cascade.ownerRowIDs.map(String.init).joined(separator: ",") + "]"
        try history.recordDeletes(of: child, where: "\(foreignKey.quotedIdentifier) IN (SELECT value FROM json_each(?1))", argument: owners.databaseValue, db)
        let storeIdentifier = container.storeIdentifier
        return try db.rowIDs(sql, arguments: [owners.databaseValue]).map {
            PersistentIdentifier(entityName: child.name, storeIdentifier: storeIdentifier, rowID: $0)
        }
    }

    /// Stores the order (and, for join tables, the membership) of a to-many relationship.
    private func writeToMany(_ change: ToManyChange, targets: [AnyObject], _ db: Database) throws {
        let model = change.model
        let relationship = change.relationship
        let ownRowID = model._$backingState.rowID
        let targetRowIDs = targets.compactMap { ($0 as? any PersistentModel)?._$backingState }
            .filter { $0.status != .deleted }.map(\.rowID).filter { $0 > 0 }
        if relationship.usesJoinTable {
            let join = JoinTable(relationship, of: try store.table(for: type(of: model)).entity)
            let table = join.name.quotedIdentifier
            let own = join.ownColumn.quotedIdentifier, other = join.otherColumn.quotedIdentifier
            let order = join.orderColumn.quotedIdentifier
            try db.execute(sql: "DELETE FROM \(table) WHERE \(own) = ? AND \(other) NOT IN (SELECT value FROM json_each(?))",
                           arguments: [ownRowID, "[" + targetRowIDs.map(String.init).joined(separator: ",") + "]"])
            let sql = "INSERT INTO \(table) (\(own), \(other), \(order)) VALUES (?1, ?2, ?3) ON CONFLICT DO UPDATE SET \(order) = excluded.\(order)"
            try db.withStatement(sql) { statement in
                for (position, target) in targetRowIDs.enumerated() {
                    sqlite3_reset(statement)
                    sqlite3_bind_int64(statement, 1, ownRowID)
                    sqlite3_bind_int64(statement, 2, target)
                    sqlite3_bind_int64(statement, 3, Int64(position))
                    _ = try db.step(statement)
                }
            }
        } else if let inverse = relationship.inverse {
            let child = try store.table(for: relationship.destinationType)
            let sql = "UPDATE \(child.name.quotedIdentifier) SET \(EntityTable.orderColumn(forForeignKey: inverse.name).quotedIdentifier) = ?1 WHERE \"Z_PK\" = ?2"
            try db.withStatement(sql) { statement in
                for (position, target) in targetRowIDs.enumerated() {
                    sqlite3_reset(statement)
                    sqlite3_bind_int64(statement, 1, Int64(position))
                    sqlite3_bind_int64(statement, 2, target)
                    _ = try db.step(statement)
                }
            }
        }
    }

    /// Reads every attribute a partial fetch left out, so an update writes whole rows.
    func faultInAllAttributes(of model: any PersistentModel) {
        for property in type(of: model)._$entity.persistedProperties {
            if let attribute = property.attribute { _ = attribute.access.get(model) }
            else if let relationship = property.relationship, relationship.isToOneRelationship {
                _ = relationship.access.get(model)
            }
        }
        model._$backingState.isPartial = false
    }
}

extension OpenSwiftDataError {
    /// Our own errors pass through; SQLite's are named.
    static func wrap(_ error: Error) -> Error {
        if error is OpenSwiftDataError { return error }
        if let error = error as? DatabaseError {
            if error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE, let message = error.message,
               let columns = message.components(separatedBy: "UNIQUE constraint failed: ").last {
                // "UNIQUE constraint failed: Entity.a, Entity.b"
                let qualified = columns.components(separatedBy: ", ")
                let entity = qualified.first?.components(separatedBy: ".").first ?? ""
                return OpenSwiftDataError.uniqueConstraintViolated(entity: entity,
                                                                   properties: qualified.map { $0.components(separatedBy: ".").last ?? $0 })
            }
            if error.resultCode == .SQLITE_CONSTRAINT {
                return OpenSwiftDataError.sqlite("a constraint failed: \(error.message ?? "")")
            }
            return OpenSwiftDataError.sqlite(error.message ?? "\(error.resultCode)")
        }
        return error
    }
}

/// The insert and update statements of one save, prepared once per entity (and, for
/// updates, per set of changed properties): a save of many models binds and steps them
/// without looking them up again.
struct SaveStatements {
    private struct UpdateKey: Hashable {
        let type: ObjectIdentifier
        let changes: ChangedProperties
    }
    private var inserts: [ObjectIdentifier: (EntityTable, OpaquePointer)] = [:]
    private var updates: [UpdateKey: (EntityTable, EntityTable.ChangedColumnsUpdate, OpaquePointer)] = [:]

    mutating func insert(for type: any PersistentModel.Type, _ store: SQLiteStore, _ db: Database) throws -> (EntityTable, OpaquePointer) {
        let key = ObjectIdentifier(type)
        if let cached = inserts[key] { return cached }
        let table = try store.table(for: type)
        let prepared = (table, try db.cachedStatement(sql: table.insertSQL).sqliteStatement)
        inserts[key] = prepared
        return prepared
    }

    mutating func update(for type: any PersistentModel.Type, changing changes: ChangedProperties, _ store: SQLiteStore, _ db: Database) throws
        -> (EntityTable, EntityTable.ChangedColumnsUpdate, OpaquePointer) {
        let key = UpdateKey(type: ObjectIdentifier(type), changes: changes)
        if let cached = updates[key] { return cached }
        let table = try store.table(for: type)
        let update = table.update(changing: changes)
        let prepared = (table, update, try db.cachedStatement(sql: update.sql).sqliteStatement)
        updates[key] = prepared
        return prepared
    }
}

/// The entity of each model in a loop over many: saves hold long runs of one type,
/// so the last answer is kept rather than asking the catalog every time.
struct EntityLookup {
    private var last: (type: ObjectIdentifier, entity: Schema.Entity)?

    mutating func entity(of model: any PersistentModel) -> Schema.Entity {
        let type = ObjectIdentifier(Swift.type(of: model))
        if let last, last.type == type { return last.entity }
        let entity = Swift.type(of: model)._$entity
        last = (type, entity)
        return entity
    }
}
