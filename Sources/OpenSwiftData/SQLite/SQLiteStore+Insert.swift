import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

// The rows of a save's inserted models.
extension SQLiteStore {
    typealias PendingForeignKey = (model: any PersistentModel, property: Int, destination: AnyObject)
    typealias AssignedKey = (model: any PersistentModel, temporaryKey: Int64)

    /// Writes the rows of a save's inserted models and gives each model its row's key
    /// (listed in `assigned`, so that the caller can give back the temporary keys).
    /// Returns the foreign keys left to write: those of models whose destination had no
    /// row yet when they were written.
    ///
    /// The models are written table by table, tables in the order of their first model,
    /// and in their own order within a table, so that a later model that meets an
    /// earlier one's unique key upserts onto it as it would one at a time. Consecutive
    /// models of one entity are written a batch at a time (``EntityTable/BatchInsert``)
    /// with keys the save gives them; a batch that meets a unique key is written again
    /// one row at a time, each upserting as it must.
    func insertRows(of models: [any PersistentModel], _ db: Database, _ statements: inout SaveStatements,
                    assigned: inout [AssignedKey]) throws -> [PendingForeignKey] {
        var pending: [PendingForeignKey] = []
        for group in try tableGroups(of: models) {
            var nextKey: Int64?
            var start = group.startIndex
            while start < group.endIndex {
                let entityType = type(of: group[start])
                var end = start + 1
                while end < group.endIndex, type(of: group[end]) == entityType { end += 1 }
                var single = start
                let (table, _) = try statements.insert(for: entityType, self, db)
                if end - start >= table.rowsPerBatchInsert,
                   let (batch, statement) = try statements.batchInsert(for: entityType, into: table, db) {
                    while end - single >= batch.rows {
                        let rows = group[single..<(single + batch.rows)]
                        if let written = try insertBatch(rows, batch, statement, into: table, nextKey: &nextKey, db, assigned: &assigned) {
                            pending += written
                        } else {
                            for model in rows { pending += try insertOne(model, db, &statements, assigned: &assigned) }
                            nextKey = nil
                        }
                        single += batch.rows
                    }
                }
                for model in group[single..<end] { pending += try insertOne(model, db, &statements, assigned: &assigned) }
                if single < end { nextKey = nil }
                start = end
            }
        }
        return pending
    }

    /// The models grouped by table, tables in the order of their first model.
    private func tableGroups(of models: [any PersistentModel]) throws -> [[any PersistentModel]] {
        guard let first = models.first else { return [] }
        let firstType = type(of: first)
        if !models.contains(where: { type(of: $0) != firstType }) { return [models] }
        var groupOfType: [ObjectIdentifier: Int] = [:]
        var groupOfTable: [String: Int] = [:]
        var groups: [[any PersistentModel]] = []
        for model in models {
            let entityType = ObjectIdentifier(type(of: model))
            let group: Int
            if let known = groupOfType[entityType] {
                group = known
            } else {
                let table = try table(for: type(of: model)).name
                group = groupOfTable[table] ?? groups.count
                if group == groups.count { groups.append([]) }
                groupOfTable[table] = group
                groupOfType[entityType] = group
            }
            groups[group].append(model)
        }
        return groups
    }

    private func insertOne(_ model: any PersistentModel, _ db: Database, _ statements: inout SaveStatements,
                           assigned: inout [AssignedKey]) throws -> [PendingForeignKey] {
        let temporaryKey = model._$backingState.rowID
        let (key, foreignKeys) = try insertRow(of: model, db, &statements)
        model._$backingState.rowID = key
        assigned.append((model, temporaryKey))
        return foreignKeys.map { (model, $0.property, $0.destination) }
    }

    /// Writes `rows` in one statement, with the keys that follow the table's largest;
    /// nil, with nothing left written and the models' keys as they were, when a row
    /// meets a unique key or the keys would pass SQLite's largest (the rows are then
    /// written one at a time).
    private func insertBatch(_ rows: ArraySlice<any PersistentModel>, _ batch: EntityTable.BatchInsert, _ statement: OpaquePointer,
                             into table: EntityTable, nextKey: inout Int64?, _ db: Database,
                             assigned: inout [AssignedKey]) throws -> [PendingForeignKey]? {
        guard let firstKey = try nextKey ?? self.nextKey(in: table, rows: batch.rows, db),
              firstKey <= Int64.max - Int64(batch.rows) + 1 else { return nil }
        let firstAssigned = assigned.count
        // Every row of the batch has its key before any is encoded: a row's foreign key
        // to another row of the batch is written with the row itself.
        for (offset, model) in zip(Int64(0)..., rows) {
            assigned.append((model, model._$backingState.rowID))
            model._$backingState.rowID = firstKey + offset
        }
        sqlite3_reset(statement)
        var pending: [PendingForeignKey] = []
        for (row, model) in zip(0..., rows) {
            sqlite3_bind_int64(statement, batch.keyParameters[row], firstKey + Int64(row))
            var writer = _ModelWriter(statement: statement, parameters: batch.parameters[row], entity: table.entity)
            try model._$encode(to: &writer)
            if !writer.pendingForeignKeys.isEmpty {
                pending += writer.pendingForeignKeys.map { (model, $0.property, $0.destination) }
            }
        }
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE {
            sqlite3_reset(statement)
            let (following, overflow) = firstKey.addingReportingOverflow(Int64(batch.rows))
            nextKey = overflow ? nil : following
            return pending
        }
        let error = db.error(code, statement)
        sqlite3_reset(statement)
        guard table.upsertSQL != nil, error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE else { throw error }
        // The statement fails rather than aborts (see `EntityTable.BatchInsert`): the rows
        // before the one that met the unique key are written, and are taken out again.
        try db.execute(sql: "DELETE FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" BETWEEN ? AND ?",
                       arguments: [firstKey, firstKey + Int64(batch.rows - 1)])
        for (model, temporaryKey) in assigned[firstAssigned...] { model._$backingState.rowID = temporaryKey }
        assigned.removeSubrange(firstAssigned...)
        return nil
    }

    /// The key SQLite would give the table's next row: one past the largest it holds
    /// or, as `AUTOINCREMENT` records it in `sqlite_sequence`, has ever held. Keys given
    /// this way are never a deleted model's, and `AUTOINCREMENT` records them in turn.
    /// Nil when `rows` keys from it would not all be whole numbers below SQLite's
    /// largest, or the record is not a whole number (a store another program wrote):
    /// the rows are then inserted one at a time, SQLite choosing each key (or saying
    /// that none is left).
    private func nextKey(in table: EntityTable, rows: Int, _ db: Database) throws -> Int64? {
        var largest: Int64 = 0
        for value in try largestKeys(of: table, db) {
            switch value.storage {
            case .null: continue
            case .int64(let value): largest = max(largest, value)
            default: return nil
            }
        }
        let (next, overflow) = largest.addingReportingOverflow(Int64(rows))
        return overflow ? nil : next - Int64(rows - 1)
    }

    /// The table's `AUTOINCREMENT` record and its largest key, as SQLite stores them.
    private func largestKeys(of table: EntityTable, _ db: Database) throws -> [DatabaseValue] {
        // A store without an `AUTOINCREMENT` table has no `sqlite_sequence`.
        let hasSequence = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence')") ?? false
        let recorded = hasSequence ? "(SELECT seq FROM sqlite_sequence WHERE name = \(table.name.quotedLiteral))" : "NULL"
        let sql = "SELECT \(recorded), (SELECT max(\"Z_PK\") FROM \(table.name.quotedIdentifier))"
        guard let row = try Row.fetchOne(db, sql: sql) else { return [] }
        return [row[0], row[1]]
    }

    /// Whether the table has given the largest key SQLite allows: SQLite then refuses
    /// an insert with `SQLITE_FULL`, the code of a full disk, and rolls the save's
    /// transaction back. The key may have been given earlier in this save (the last
    /// row inserted has it) or before it (the table records it). The question is put
    /// to SQLite directly: the connection refuses statements of an aborted transaction.
    private func keysAreUsedUp(in table: EntityTable, _ db: Database) -> Bool {
        if sqlite3_last_insert_rowid(db.sqliteConnection) == Int64.max { return true }
        func reachesTheLargest(_ sql: String) -> Bool {
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard sqlite3_prepare_v2(db.sqliteConnection, sql, -1, &statement, nil) == SQLITE_OK,
                  sqlite3_step(statement) == SQLITE_ROW else { return false }
            return sqlite3_column_int64(statement, 0) == 1
        }
        return reachesTheLargest("SELECT max(\"Z_PK\") >= \(Int64.max) FROM \(table.name.quotedIdentifier)")
            || reachesTheLargest("SELECT seq >= \(Int64.max) FROM sqlite_sequence WHERE name = \(table.name.quotedLiteral)")
    }

    /// Writes one model's row: a plain insert, or an upsert when it meets a unique key.
    func insertRow(of model: any PersistentModel, _ db: Database, _ statements: inout SaveStatements) throws
        -> (rowID: Int64, pending: [(property: Int, destination: AnyObject)]) {
        let (table, statement) = try statements.insert(for: type(of: model), self, db)
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
            let error = db.error(code, statement)
            sqlite3_reset(statement)
            if error.resultCode == .SQLITE_FULL, keysAreUsedUp(in: table, db) {
                throw OpenSwiftDataError.storeKeysExhausted(path: configuration.url.path, entity: table.entity.name)
            }
            throw error
        }
        let conflict = db.error(code, statement)
        sqlite3_reset(statement)
        // The upsert names the model's own unique keys. When another program dropped the index
        // of one, SQLite cannot prepare it ("ON CONFLICT clause does not match"), and the insert
        // met an index of that program's own: the conflict is the insert's, where the save
        // failed as a store that could not be read or written.
        guard (try? db.cachedStatement(sql: upsertSQL)) != nil else { throw conflict }
        return try db.withStatement(upsertSQL) { upsert in
            var writer = _ModelWriter(statement: upsert, parameters: table.columnForProperty, entity: table.entity)
            try model._$encode(to: &writer)
            guard try db.step(upsert) else { throw OpenSwiftDataError.sqlite("upsert into \(table.name) returned no row") }
            let rowID = sqlite3_column_int64(upsert, 0)
            while try db.step(upsert) {}
            return (rowID, writer.pendingForeignKeys)
        }
    }
}
