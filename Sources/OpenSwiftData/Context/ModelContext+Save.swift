import Foundation
import GRDB

extension ModelContext {
    /// Writes every pending insert, change and delete in one transaction.
    ///
    /// Delete rules and validation run first; if any fails, or the store refuses a
    /// statement, nothing is written and the context keeps its pending changes.
    public func save() throws {
        autosaveScheduled = false
        try applyDeleteRules()
        guard hasChanges else { return }
        guard store.configuration.allowsSave else {
            throw OpenSwiftDataError.saveNotAllowed(configuration: store.configuration.name)
        }
        let inserted = self.inserted
        let changed = changedModelsArray
        let deleted = self.deleted.filter { $0._$backingState.rowID > 0 }
        let toManyChanges = self.toManyChanges.filter { $0.model._$backingState.status != .deleted }

        for model in inserted + changed {
            if let validating = model as? any ValidatingModel { try validating.validate() }
            if model._$backingState.isPartial { faultInAllAttributes(of: model) }
        }
        // Everything the transaction writes must be in memory before it starts: the
        // store cannot be read while it is being written.
        let toManyTargets = toManyChanges.map { $0.relationship.access.get($0.model) }

        postNotification(ModelContext.willSave, inserted: inserted, changed: changed, deleted: deleted)

        var assigned: [(model: any PersistentModel, temporaryRowID: Int64)] = []
        var replaced: [(model: any PersistentModel, by: any PersistentModel)] = []
        do {
            try store.database.write { db in
                var statements = SaveStatements()
                try deleteRows(of: deleted, db)
                var pending: [(model: any PersistentModel, property: Int, destination: AnyObject)] = []
                for model in inserted {
                    let temporaryRowID = model._$backingState.rowID
                    let (rowID, foreignKeys) = try insertRow(of: model, db, &statements)
                    model._$backingState.rowID = rowID
                    assigned.append((model, temporaryRowID))
                    pending += foreignKeys.map { (model, $0.property, $0.destination) }
                }
                for model in changed {
                    pending += try updateRow(of: model, db, &statements).map { (model, $0.property, $0.destination) }
                }
                for (model, property, destination) in pending {
                    try writeForeignKey(of: model, property: property, to: destination, db)
                }
                for (change, targets) in zip(toManyChanges, toManyTargets) {
                    try writeToMany(change, targets: targets, db)
                }
            }
        } catch {
            for (model, temporaryRowID) in assigned { model._$backingState.rowID = temporaryRowID }
            throw OpenSwiftDataError.wrap(error)
        }

        // The transaction committed: the context now matches the store.
        for (model, temporaryRowID) in assigned {
            let registry = registry(for: type(of: model))
            registry.models[temporaryRowID] = nil
            if let previous = registry.models[model._$backingState.rowID], previous !== model,
               let previous = previous as? any PersistentModel {
                // An upsert matched a row this context already holds: the inserted model takes its place.
                replaced.append((previous, model))
                previous._$backingState.status = .detached
                previous._$backingState.isChanged = false
            }
            registry.models[model._$backingState.rowID] = model
            model._$backingState.status = .persistent
        }
        for model in deleted + self.deleted {
            registry(for: type(of: model)).models[model._$backingState.rowID] = nil
            model._$backingState.status = .detached
            model._$backingState.isChanged = false
        }
        for model in self.changed { model._$backingState.isChanged = false }
        self.inserted.removeAll()
        self.changed.removeAll()
        self.deleted.removeAll()
        self.toManyChanges.removeAll()
        self.toManyChangeKeys.removeAll()
        deleteRulesAppliedCount = 0
        if !replaced.isEmpty { Log.logger.debug("upsert replaced \(replaced.count) registered model(s)") }
        postNotification(ModelContext.didSave, inserted: inserted, changed: changed, deleted: deleted)
    }

    // MARK: Rows

    private func insertRow(of model: any PersistentModel, _ db: Database, _ statements: inout SaveStatements) throws
        -> (rowID: Int64, pending: [(property: Int, destination: AnyObject)]) {
        let (table, statement) = try statements.insert(for: type(of: model), store, db)
        sqlite3_reset(statement)
        var writer = _ModelWriter(statement: statement, parameters: table.columnForProperty, entity: table.entity)
        try model._$encode(to: &writer)
        let rowID: Int64
        if table.upsertSQL != nil {
            guard try db.step(statement) else { throw OpenSwiftDataError.sqlite("upsert into \(table.name) returned no row") }
            rowID = sqlite3_column_int64(statement, 0)
            while try db.step(statement) {}
        } else {
            _ = try db.step(statement)
            rowID = sqlite3_last_insert_rowid(db.sqliteConnection)
        }
        return (rowID, writer.pendingForeignKeys)
    }

    private func updateRow(of model: any PersistentModel, _ db: Database, _ statements: inout SaveStatements) throws
        -> [(property: Int, destination: AnyObject)] {
        let (table, statement) = try statements.update(for: type(of: model), store, db)
        sqlite3_reset(statement)
        var writer = _ModelWriter(statement: statement, parameters: table.columnForProperty, entity: table.entity)
        try model._$encode(to: &writer)
        sqlite3_bind_int64(statement, Int32(table.columns.count + 1), model._$backingState.rowID)
        _ = try db.step(statement)
        return writer.pendingForeignKeys
    }

    private func writeForeignKey(of model: any PersistentModel, property: Int, to destination: AnyObject, _ db: Database) throws {
        let table = try store.table(for: type(of: model))
        let column = table.entity.storedProperties[property].name
        guard let destination = destination as? any PersistentModel, destination._$backingState.rowID > 0 else {
            throw OpenSwiftDataError.invalidValue(entity: table.name, property: column,
                                                  reason: "it refers to a model that is not inserted in this context")
        }
        try db.execute(sql: "UPDATE \(table.name.quotedIdentifier) SET \(column.quotedIdentifier) = ? WHERE \"Z_PK\" = ?",
                       arguments: [destination._$backingState.rowID, model._$backingState.rowID])
    }

    /// Deletes the rows of the given models, one statement per entity and per table
    /// that refers to it, whatever the number of rows.
    private func deleteRows(of models: [any PersistentModel], _ db: Database) throws {
        var rowIDsByEntity: [ObjectIdentifier: (type: any PersistentModel.Type, rowIDs: [Int64])] = [:]
        for model in models {
            rowIDsByEntity[ObjectIdentifier(type(of: model)), default: (type(of: model), [])].rowIDs.append(model._$backingState.rowID)
        }
        for (type, rowIDs) in rowIDsByEntity.values {
            let list = "[" + rowIDs.map(String.init).joined(separator: ",") + "]"
            for sql in store.deletionSQL(for: try store.table(for: type)) {
                try db.execute(sql: sql, arguments: [list])
            }
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
            for (position, target) in targetRowIDs.enumerated() {
                try db.withStatement(sql) { statement in
                    sqlite3_bind_int64(statement, 1, ownRowID)
                    sqlite3_bind_int64(statement, 2, target)
                    sqlite3_bind_int64(statement, 3, Int64(position))
                    _ = try db.step(statement)
                }
            }
        } else if let inverse = relationship.inverse {
            let child = try store.table(for: relationship.destinationType)
            let sql = "UPDATE \(child.name.quotedIdentifier) SET \(EntityTable.orderColumn(forForeignKey: inverse.name).quotedIdentifier) = ?1 WHERE \"Z_PK\" = ?2"
            for (position, target) in targetRowIDs.enumerated() {
                try db.withStatement(sql) { statement in
                    sqlite3_bind_int64(statement, 1, Int64(position))
                    sqlite3_bind_int64(statement, 2, target)
                    _ = try db.step(statement)
                }
            }
        }
    }

    /// Reads every attribute a partial fetch left out, so an update writes whole rows.
    func faultInAllAttributes(of model: any PersistentModel) {
        for property in type(of: model)._$entity.storedProperties {
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
            if error.resultCode == .SQLITE_CONSTRAINT {
                return OpenSwiftDataError.sqlite("a constraint failed: \(error.message ?? "")")
            }
            return OpenSwiftDataError.sqlite(error.message ?? "\(error.resultCode)")
        }
        return error
    }
}

/// The insert and update statements of one save, prepared once per entity: a save
/// of many models binds and steps them without looking them up again.
struct SaveStatements {
    private var inserts: [ObjectIdentifier: (EntityTable, OpaquePointer)] = [:]
    private var updates: [ObjectIdentifier: (EntityTable, OpaquePointer)] = [:]

    mutating func insert(for type: any PersistentModel.Type, _ store: SQLiteStore, _ db: Database) throws -> (EntityTable, OpaquePointer) {
        let key = ObjectIdentifier(type)
        if let cached = inserts[key] { return cached }
        let table = try store.table(for: type)
        let prepared = (table, try db.cachedStatement(sql: table.upsertSQL ?? table.insertSQL).sqliteStatement)
        inserts[key] = prepared
        return prepared
    }

    mutating func update(for type: any PersistentModel.Type, _ store: SQLiteStore, _ db: Database) throws -> (EntityTable, OpaquePointer) {
        let key = ObjectIdentifier(type)
        if let cached = updates[key] { return cached }
        let table = try store.table(for: type)
        let prepared = (table, try db.cachedStatement(sql: table.updateSQL).sqliteStatement)
        updates[key] = prepared
        return prepared
    }
}
