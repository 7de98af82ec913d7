import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

// Saving: one immediate transaction per change set, with its history.
extension SQLiteStore {
    func save(_ changes: StoreChangeSet) throws -> StoreSaveResult {
        guard configuration.allowsSave else { throw OpenSwiftDataError.saveNotAllowed(configuration: configuration.name) }
        if isOnReadOnlyMedia { throw OpenSwiftDataError.storeOnReadOnlyMedia(path: configuration.url.path) }
        try checkSaveMayJoinTransaction(of: changes.editingState)
        var touched = changes.touchedEntities
        for cascade in changes.storeCascades {
            if let child = try? table(for: cascade.relationship.destinationType) { touched.insert(child.name) }
        }
        for relationship in changes.relationshipsClearedByDeletes {
            if let member = try? table(for: relationship.destinationType) { touched.insert(member.name) }
        }
        do {
            var (result, generation) = try writeCommitting(touching: touched, endsTransaction: true) { db in
                var statements = SaveStatements()
                var history = try HistoryRecorder(store: self, author: changes.author, db)
                var written = RowsWrittenBySave(changes)
                try checkDeniedDeletes(changes.deleted, leaving: &written, db)
                var deletedByCascade: [PersistentIdentifier] = []
                for cascade in changes.storeCascades { deletedByCascade += try deleteChildren(of: cascade, db, &history) }
                try deleteRows(of: changes.deleted, leaving: &written, db, &history)
                var pending: [(model: any PersistentModel, property: Int, destination: AnyObject)] = []
                // Updates before inserts: an insert that upserts onto a changed row wins.
                for model in changes.changed {
                    pending += try updateRow(of: model, db, &statements, &history).map { (model, $0.property, $0.destination) }
                }
                // An inserted model's key is known once its row is written, and the rows
                // written after it (or the foreign keys left pending) refer to it by it.
                // The keys stay temporary until the context takes them, once the transaction commits.
                var assigned: [(model: any PersistentModel, temporaryKey: Int64)] = []
                defer { for (model, temporaryKey) in assigned { model._$backingState.rowID = temporaryKey } }
                pending += try insertRows(of: changes.inserted, db, &statements, assigned: &assigned)
                var insertedKeys: [Int64] = []
                insertedKeys.reserveCapacity(changes.inserted.count)
                var entities = EntityLookup()
                for model in changes.inserted {
                    let key = model._$backingState.rowID
                    insertedKeys.append(key)
                    try history.recordInsert(entity: entities.entity(of: model).name, rowID: key, db)
                }
                for (model, property, destination) in pending {
                    try writeForeignKey(of: model, property: property, to: destination, db)
                    if model._$backingState.status == .persistent {
                        history.noteUpdated(model, property: type(of: model)._$entity.persistedProperties[property].name, entity: type(of: model)._$entityName)
                    }
                }
                for change in changes.toManyChanges {
                    try writeToMany(of: change.model, change.relationship, members: change.members, db)
                    if change.model._$backingState.status == .persistent {
                        history.noteUpdated(change.model, property: change.relationship.name, entity: type(of: change.model)._$entityName)
                    }
                }
                for append in changes.toManyAppends {
                    try writeAppended(to: append.model, append.relationship, members: append.appended, db)
                    history.noteUpdated(append.model, property: append.relationship.name, entity: type(of: append.model)._$entityName)
                }
                try history.finish(db)
                var result = StoreSaveResult(insertedKeys: insertedKeys, deletedByCascade: deletedByCascade)
                result.historyTokens = history.recordedTransaction.map { [DefaultHistoryToken(storeIdentifier: identifier, transaction: $0)] } ?? []
                return result
            }
            result.writtenGeneration = generation
            return result
        } catch {
            throw OpenSwiftDataError.wrap(error)
        }
    }

    // MARK: Rows

    /// Writes the columns of the properties set since the model's last save.
    private func updateRow(of model: any PersistentModel, _ db: Database, _ statements: inout SaveStatements,
                           _ history: inout HistoryRecorder) throws -> [(property: Int, destination: AnyObject)] {
        let (table, update, statement) = try statements.update(for: type(of: model), changing: model._$backingState.changedProperties, self, db)
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
        let table = try table(for: type(of: model))
        let column = table.entity.persistedProperties[property].name
        guard let destination = destination as? any PersistentModel, destination._$backingState.rowID > 0 else {
            throw OpenSwiftDataError.invalidValue(entity: table.name, property: column,
                                                  reason: "it refers to a model that is not inserted in this context")
        }
        try db.execute(sql: "UPDATE \(table.name.quotedIdentifier) SET \(column.quotedIdentifier) = ? WHERE \"Z_PK\" = ?",
                       arguments: [destination._$backingState.rowID, model._$backingState.rowID])
    }

    /// Checks `.deny`, and the cascades the context runs, again in the store, inside the
    /// save's transaction: another process may have saved a model that points at one this
    /// save deletes after the context applied the rule to what it had read (the deletion
    /// would clear that model's key, or leave it, with relationships of its own, naming a
    /// deleted row), so the save is refused, as PostgreSQL's references refuse it. Rows this
    /// save deletes or rewrites itself are left out: the context applied the rules to them
    /// as they are now. A cascade the store runs by itself deletes by key, whatever was
    /// read, and needs none.
    private func checkDeniedDeletes(_ deleted: [any PersistentModel], leaving written: inout RowsWrittenBySave, _ db: Database) throws {
        func isChecked(_ relationship: Schema.Relationship) -> Bool {
            guard !relationship.isToOneRelationship, !relationship.usesJoinTable else { return false }
            return relationship.deleteRule == .deny || (relationship.deleteRule == .cascade && !cascadesInStore(relationship))
        }
        var doomed: [ObjectIdentifier: (type: any PersistentModel.Type, rowIDs: [Int64])] = [:]
        // Whether a type has a relationship to check, asked once a type: a save may delete thousands.
        var checksType: [ObjectIdentifier: Bool] = [:]
        for model in deleted where model._$backingState.rowID > 0 {
            let modelType = type(of: model), key = ObjectIdentifier(modelType)
            let checked = checksType[key] ?? modelType._$entity.relationships.contains(where: isChecked)
            checksType[key] = checked
            if checked { doomed[key, default: (modelType, [])].rowIDs.append(model._$backingState.rowID) }
        }
        guard !doomed.isEmpty else { return }
        for (type, rowIDs) in doomed.values {
            for relationship in type._$entity.relationships where isChecked(relationship) {
                guard let foreignKey = relationship.inverseName, let destination = relationship.destinationType,
                      let table = try? table(for: destination) else { continue }
                let sql = "SELECT count(*) FROM \(table.name.quotedIdentifier) WHERE \(foreignKey.quotedIdentifier) IN (SELECT value FROM json_each(?)) "
                    + "AND \"Z_PK\" NOT IN (SELECT value FROM json_each(?))"
                let count = try Int.fetchOne(db, sql: sql, arguments: [JSONArgument.ids(rowIDs), written.keys(in: table.name)]) ?? 0
                if count > 0, relationship.deleteRule == .deny {
                    throw OpenSwiftDataError.deleteDenied(entity: type._$entityName, relationship: relationship.name, relatedCount: count)
                }
                if count > 0 {
                    throw OpenSwiftDataError.deleteMissedMembers(entity: type._$entityName, relationship: relationship.name, relatedCount: count)
                }
            }
        }
    }

    /// Deletes the rows of the given models, one statement per entity and per table
    /// that refers to it, whatever the number of rows.
    private func deleteRows(of models: [any PersistentModel], leaving written: inout RowsWrittenBySave, _ db: Database,
                            _ history: inout HistoryRecorder) throws {
        var rowIDsByEntity: [ObjectIdentifier: (type: any PersistentModel.Type, rowIDs: [Int64])] = [:]
        for model in models {
            rowIDsByEntity[ObjectIdentifier(type(of: model)), default: (type(of: model), [])].rowIDs.append(model._$backingState.rowID)
        }
        for (type, rowIDs) in rowIDsByEntity.values {
            let list = JSONArgument.ids(rowIDs)
            let table = try table(for: type)
            try nullifyMembersAddedElsewhere(of: type, deleting: list, leaving: &written, db, &history)
            try history.recordDeletes(of: table, where: "\"Z_PK\" IN (SELECT value FROM json_each(?1))", argument: list, db)
            for sql in deletionSQL(for: table) {
                try db.execute(sql: sql, arguments: [list])
            }
        }
    }

    /// Clears, as `.nullify` asks, the keys that still name the deleted rows: the context
    /// cleared those of the members it had read (the rows this save writes, left to it),
    /// but another process may have given the relationship a member since, whose key would
    /// be left naming a deleted row (read as no model, yet not found by a fetch for none).
    /// The rows cleared are recorded in history as changed.
    private func nullifyMembersAddedElsewhere(of type: any PersistentModel.Type, deleting keys: DatabaseValue,
                                              leaving written: inout RowsWrittenBySave, _ db: Database,
                                              _ history: inout HistoryRecorder) throws {
        for relationship in type._$entity.relationships where relationship.clearsMembersKeysOnDelete {
            guard let foreignKey = relationship.inverseName, let member = try? table(for: relationship.destinationType) else { continue }
            let column = foreignKey.quotedIdentifier
            let sql = "UPDATE \(member.name.quotedIdentifier) SET \(column) = NULL WHERE \(column) IN (SELECT value FROM json_each(?)) "
                + "AND \"Z_PK\" NOT IN (SELECT value FROM json_each(?)) RETURNING \"Z_PK\""
            let cleared = try db.rowIDs(sql, arguments: [keys, written.keys(in: member.name)])
            if !cleared.isEmpty { try history.recordUpdates(entity: member.name, rowIDs: cleared, properties: [foreignKey], db) }
        }
    }

    /// Deletes, in one statement, the children of a cascade the store runs by itself,
    /// and returns their identifiers for the save notification.
    private func deleteChildren(of cascade: StoreCascade, _ db: Database, _ history: inout HistoryRecorder) throws -> [PersistentIdentifier] {
        let child = try table(for: cascade.relationship.destinationType)
        guard let foreignKey = cascade.relationship.inverseName else { return [] }
        let sql = "DELETE FROM \(child.name.quotedIdentifier) WHERE \(foreignKey.quotedIdentifier) IN (SELECT value FROM json_each(?)) RETURNING \"Z_PK\""
        let owners = JSONArgument.ids(cascade.ownerKeys)
        try history.recordDeletes(of: child, where: "\(foreignKey.quotedIdentifier) IN (SELECT value FROM json_each(?1))", argument: owners, db)
        return try db.rowIDs(sql, arguments: [owners]).map { identifier(entityName: child.name, key: $0) }
    }

    /// Stores the order (and, for join tables, the membership) of a to-many relationship.
    private func writeToMany(of model: any PersistentModel, _ relationship: Schema.Relationship, members: [AnyObject], _ db: Database) throws {
        let ownRowID = model._$backingState.rowID
        let targetRowIDs = members.compactMap { ($0 as? any PersistentModel)?._$backingState }
            .filter { $0.status != .deleted }.map(\.rowID).filter { $0 > 0 }
        if relationship.usesJoinTable {
            let join = JoinTableLayout(relationship, of: try table(for: type(of: model)).entity)
            let table = join.name.quotedIdentifier
            let own = join.ownColumn.quotedIdentifier, other = join.otherColumn.quotedIdentifier
            let order = join.orderColumn.quotedIdentifier
            try db.execute(sql: "DELETE FROM \(table) WHERE \(own) = ? AND \(other) NOT IN (SELECT value FROM json_each(?))",
                           arguments: [ownRowID, JSONArgument.ids(targetRowIDs)])
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
            let child = try table(for: relationship.destinationType)
            let sql = "UPDATE \(child.name.quotedIdentifier) SET \(TableLayout.orderColumn(forForeignKey: inverse.name).quotedIdentifier) = ?1 WHERE \"Z_PK\" = ?2"
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
}

extension SQLiteStore {
    /// Places members appended to a to-many relationship after those it holds, one at a
    /// time: each takes the position after the largest of its siblings' (a member moved
    /// from another owner still holds its old position, hence the `Z_PK` test).
    func writeAppended(to model: any PersistentModel, _ relationship: Schema.Relationship, members: [AnyObject], _ db: Database) throws {
        guard let inverse = relationship.inverse else { return }
        let owner = model._$backingState.rowID
        let child = try table(for: relationship.destinationType).name.quotedIdentifier
        let order = TableLayout.orderColumn(forForeignKey: inverse.name).quotedIdentifier
        let foreignKey = inverse.name.quotedIdentifier
        let sql = """
            UPDATE \(child) SET \(order) = (SELECT COALESCE(MAX(\(order)), -1) + 1 FROM \(child) \
            WHERE \(foreignKey) = ?1 AND "Z_PK" <> ?2) WHERE "Z_PK" = ?2 AND \(foreignKey) = ?1
            """
        try db.withStatement(sql) { statement in
            for case let member as any PersistentModel in members where member._$backingState.status != .deleted {
                let key = member._$backingState.rowID
                guard key > 0 else { continue }
                sqlite3_reset(statement)
                sqlite3_bind_int64(statement, 1, owner)
                sqlite3_bind_int64(statement, 2, key)
                _ = try db.step(statement)
            }
        }
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
    private var batchInserts: [ObjectIdentifier: (EntityTable.BatchInsert, OpaquePointer)] = [:]
    private var updates: [UpdateKey: (EntityTable, EntityTable.ChangedColumnsUpdate, OpaquePointer)] = [:]

    mutating func insert(for type: any PersistentModel.Type, _ store: SQLiteStore, _ db: Database) throws -> (EntityTable, OpaquePointer) {
        let key = ObjectIdentifier(type)
        if let cached = inserts[key] { return cached }
        let table = try store.table(for: type)
        let prepared = (table, try db.cachedStatement(sql: table.insertSQL).sqliteStatement)
        inserts[key] = prepared
        return prepared
    }

    /// The table's batch insert, nil when it has none.
    mutating func batchInsert(for type: any PersistentModel.Type, into table: EntityTable, _ db: Database) throws
        -> (EntityTable.BatchInsert, OpaquePointer)? {
        let key = ObjectIdentifier(type)
        if let cached = batchInserts[key] { return cached }
        guard let batch = table.batchInsert(rows: table.rowsPerBatchInsert) else { return nil }
        let prepared = (batch, try db.cachedStatement(sql: batch.sql).sqliteStatement)
        batchInserts[key] = prepared
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

/// The rows a save deletes or writes, by table, as the JSON array of their keys its
/// statements bind: worked out once, when a statement first needs them.
struct RowsWrittenBySave {
    private let changes: StoreChangeSet
    private var keys: [String: DatabaseValue]?

    init(_ changes: StoreChangeSet) { self.changes = changes }

    mutating func keys(in table: String) -> DatabaseValue {
        if keys == nil {
            var byTable: [String: [Int64]] = [:]
            for models in [changes.deleted, changes.changed] {
                for model in models where model._$backingState.rowID > 0 {
                    // The table of a subclass's rows is its root entity's.
                    byTable[type(of: model)._$entity.rootEntity.name, default: []].append(model._$backingState.rowID)
                }
            }
            keys = byTable.mapValues(JSONArgument.ids)
        }
        return keys?[table] ?? JSONArgument.ids([])
    }
}
