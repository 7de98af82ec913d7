#if PostgreSQL
import Foundation
import OpenSwiftData

/// The statements of one save, run in its transaction, and the permanent keys they
/// give the inserted models.
///
/// Rows go as one array bind per column through `unnest` (``PostgresBatchSQL``): a
/// save of many models is a few round trips, not one per model. Each model's values
/// come from its generated writer (`_$encode(to:)`) straight into its columns' types.
struct PostgresSaveWriter {
    let store: PostgresStore
    let session: PostgresSession
    /// The key each inserted model's row took, in insertion order.
    private(set) var insertedKeys: [Int64] = []
    /// The children deleted with their parents by key.
    private(set) var deletedByCascade: [PersistentIdentifier] = []
    /// The rows whose key to a deleted row the store cleared, by table and key column.
    private(set) var nullified: [(table: String, keys: [Int64], column: String)] = []

    init(store: PostgresStore, session: PostgresSession) {
        self.store = store
        self.session = session
    }

    // MARK: Deletes

    /// Deletes the children of store cascades by their key column, naming them.
    mutating func delete(_ cascades: [StoreCascade]) throws {
        for cascade in cascades {
            guard let foreignKey = cascade.relationship.inverseName, !cascade.ownerKeys.isEmpty else { continue }
            let child = cascade.relationship.destination
            // The keys come back as one array, not a row each.
            let rows = try session.query(
                "WITH deleted AS (DELETE FROM \(PostgresDialect.quote(child)) WHERE \(PostgresDialect.quote(foreignKey)) IN \(PostgresDialect.keysParameter) "
                    + "RETURNING \"Z_PK\") SELECT array_agg(\"Z_PK\") FROM deleted", [PostgresStore.keyArray(cascade.ownerKeys)])
            guard case let .array(_, keys)? = rows.first?[0] else { continue }
            for case let .bigint(key) in keys {
                deletedByCascade.append(store.identifier(entityName: child, key: key))
            }
        }
    }

    /// Deletes the models' rows and their join-table entries.
    mutating func delete(_ models: [any PersistentModel], besideChanges changed: [any PersistentModel]) throws {
        var keysByEntity: [String: [Int64]] = [:]
        for model in models where model.storeKey > 0 {
            keysByEntity[type(of: model)._$entityName, default: []].append(model.storeKey)
        }
        var writtenKeys: [String: [Int64]]?
        for (entityName, keys) in keysByEntity.sorted(by: { $0.key < $1.key }) {
            let mapping = try store.mapping(for: entityName)
            let keyArray = PostgresStore.keyArray(keys)
            for relationship in mapping.entity.relationships where relationship.clearsMembersKeysOnDelete {
                if writtenKeys == nil { writtenKeys = try keysByTable(models + changed) }
                try nullifyMembersAddedElsewhere(relationship, deleting: keyArray, leaving: writtenKeys ?? [:])
            }
            try session.execute("DELETE FROM \(PostgresDialect.quote(mapping.table.name)) WHERE \"Z_PK\" IN \(PostgresDialect.keysParameter)", [keyArray])
            for joinTable in mapping.table.joinTables {
                try session.execute("DELETE FROM \(PostgresDialect.quote(joinTable.name)) WHERE \(PostgresDialect.quote(joinTable.ownColumn)) IN \(PostgresDialect.keysParameter)",
                                    [keyArray])
            }
        }
    }

    /// Clears, as `.nullify` asks, the keys that still name the deleted rows: the context
    /// cleared those of the members it had read (the rows this save writes, left to it), but
    /// another process may have given the relationship a member since, whose reference would
    /// refuse the save at commit. The rows cleared are kept for the save's history.
    private mutating func nullifyMembersAddedElsewhere(_ relationship: Schema.Relationship, deleting keys: PostgresValue,
                                                       leaving written: [String: [Int64]]) throws {
        guard let foreignKey = relationship.inverseName else { return }
        let member = try store.mapping(for: relationship.destination).table.name
        let column = PostgresDialect.quote(foreignKey)
        // The keys come back as one array, not a row each.
        let rows = try session.query(
            "WITH cleared AS (UPDATE \(PostgresDialect.quote(member)) SET \(column) = NULL WHERE \(column) IN \(PostgresDialect.keysParameter) "
                + "AND \"Z_PK\" <> ALL($2::bigint[]) RETURNING \"Z_PK\") SELECT array_agg(\"Z_PK\") FROM cleared",
            [keys, PostgresStore.keyArray(written[member] ?? [])])
        guard case let .array(_, values)? = rows.first?[0] else { return }
        let cleared = values.compactMap { value -> Int64? in
            guard case let .bigint(key) = value else { return nil }
            return key
        }
        if !cleared.isEmpty { nullified.append((member, cleared, foreignKey)) }
    }

    /// The keys of the models' rows, by table.
    private func keysByTable(_ models: [any PersistentModel]) throws -> [String: [Int64]] {
        var keys: [String: [Int64]] = [:]
        for model in models where model.storeKey > 0 {
            keys[try store.mapping(for: type(of: model)._$entityName).table.name, default: []].append(model.storeKey)
        }
        return keys
    }

    // MARK: Inserts

    /// Gives each model to insert a key drawn from its table's sequence, before any row
    /// is written: updates and inserts of this save then bind each other's keys.
    func drawKeys(for models: [any PersistentModel]) throws {
        for (name, group) in Self.groupedByEntity(models) {
            let keys = try drawKeys(try store.mapping(for: name).table, count: group.count)
            for (model, key) in zip(group, keys) { model.storeKey = key }
        }
    }

    /// Whether the save's one inserted model can take its key from its table's identity
    /// column as its row is written, saving the statement that draws keys: nothing else
    /// in the save names that key (no other row, no to-many change; a model whose to-one
    /// relationship names itself has its key drawn first after all, see ``rowInsert(of:store:)``),
    /// and its table has at most one unique key (an upsert names one). A server's typical
    /// write, a new record, is then one statement.
    static func insertTakesItsKeyAsItIsWritten(_ changes: StoreChangeSet) -> Bool {
        guard changes.inserted.count == 1, let model = changes.inserted.first, changes.changed.isEmpty,
              changes.toManyChanges.isEmpty, changes.toManyAppends.isEmpty else { return false }
        return type(of: model)._$entity.uniquenessConstraints.count <= 1
    }

    /// Inserts each model's row; one whose unique key a row already has updates that
    /// row instead, and the model takes its key.
    ///
    /// Every inserted model's key is drawn first (``drawKeys(for:)``), so that rows that
    /// name each other bind each other's keys: no key is written later. A row that
    /// meets an existing unique key is upserted on its own,
    /// and the rows of this save that named its drawn key are pointed at the row it updated.
    /// Without `keysDrawn` (see ``insertTakesItsKeyAsItIsWritten(_:)``) the one model's
    /// row takes its key as it is written.
    mutating func insert(_ models: [any PersistentModel], keysDrawn: Bool = true) throws {
        if !keysDrawn, models.count == 1, let model = models.first {
            try insertTakingKey(model)
            return
        }
        let groups = Self.groupedByEntity(models)
        var replaced: [String: [(drawn: Int64, existing: Int64)]] = [:]
        for (name, group) in groups {
            let taken = try insertRows(group, try store.mapping(for: name))
            if !taken.isEmpty { replaced[name] = taken }
        }
        try repointReferences(to: replaced)
        insertedKeys = models.map(\.storeKey)
    }

    /// The models by entity, entities in the order they first appear.
    private static func groupedByEntity(_ models: [any PersistentModel]) -> [(name: String, models: [any PersistentModel])] {
        var order: [String] = []
        var groups: [String: [any PersistentModel]] = [:]
        for model in models {
            let name = type(of: model)._$entityName
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(model)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// SQLSTATE `sequence_generator_limit_exceeded` (PostgreSQL Appendix A): the
    /// sequence has given its largest value.
    static let sequenceExhausted = "2200H"

    /// `count` new keys from the table's identity sequence, as one array. The sequence
    /// is looked up once (the materialised `WITH`): looked up per row, the catalog
    /// lookup took six times as long as the keys themselves.
    private func drawKeys(_ table: PostgresEntityTable, count: Int) throws -> [Int64] {
        guard count > 0 else { return [] }
        let rows = try Self.drawingKeys(of: table.entityName, in: store) {
            try session.query(
                "WITH s AS MATERIALIZED (SELECT pg_get_serial_sequence($1, 'Z_PK')::regclass AS sequence) "
                    + "SELECT array_agg(nextval(s.sequence)) FROM s, generate_series(1, $2)",
                [.text(PostgresDialect.quote(table.name)), .bigint(Int64(count))])
        }
        var keys: [Int64] = []
        if case let .array(_, values)? = rows.first?[0] {
            keys.reserveCapacity(count)
            for case let .bigint(key) in values { keys.append(key) }
        }
        guard keys.count == count else {
            throw PostgresStoreError.serverError(sqlState: "", message: "the key sequence of \(table.name) gave \(keys.count) keys for \(count) rows")
        }
        return keys.sorted()
    }

    /// Runs `body`, which draws keys from `entity`'s identity sequence. The server's
    /// refusal at the sequence's end names a sequence and `nextval`; the store's error
    /// says what it means, as the SQLite store's does.
    static func drawingKeys<Value>(of entity: String, in store: PostgresStore, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as PostgresStoreError where error.sqlState == sequenceExhausted {
            throw OpenSwiftDataError.storeKeysExhausted(path: store.identifier, entity: entity)
        }
    }

    /// The values of each model's columns, in ``PostgresEntityTable/columns`` order.
    private func columnValues(of models: [any PersistentModel], _ mapping: PostgresEntityMapping) throws -> [[PostgresValue]] {
        let sink = PostgresRowSink(types: mapping.columns.map(\.type))
        var rows: [[PostgresValue]] = []
        rows.reserveCapacity(models.count)
        for model in models {
            let (values, keyless) = try Self.columnValues(of: model, mapping, sink)
            if let keyless {
                // Every model this save inserts has its key: one without refers to a model no context inserted.
                throw OpenSwiftDataError.invalidValue(entity: mapping.entityName, property: mapping.entity.persistedProperties[keyless].name,
                                                      reason: "it refers to a model that is not inserted in this context")
            }
            rows.append(values)
        }
        return rows
    }

    /// One model's column values, and the index of a to-one relationship whose model
    /// has no key yet, if one has none.
    private static func columnValues(of model: any PersistentModel, _ mapping: PostgresEntityMapping,
                                     _ sink: PostgresRowSink) throws -> (values: [PostgresValue], keyless: Int?) {
        sink.reset()
        var writer = _ModelWriter(row: sink, parameters: mapping.readerColumns, entity: mapping.entity)
        try model._$encode(to: &writer)
        if let (column, error) = sink.failure {
            throw OpenSwiftDataError.invalidValue(entity: mapping.entityName, property: mapping.columns[column].propertyName,
                                                  reason: "its value cannot be stored in PostgreSQL: \(error)")
        }
        return (sink.values, writer.pendingForeignKeys.first?.property)
    }

    /// Writes the rows of one entity's inserted models, whose keys are drawn, and
    /// returns the drawn keys of those that took an existing row's place instead.
    private func insertRows(_ group: [any PersistentModel], _ mapping: PostgresEntityMapping) throws -> [(drawn: Int64, existing: Int64)] {
        let table = mapping.table
        let rows = try columnValues(of: group, mapping)
        var replaced: [(drawn: Int64, existing: Int64)] = []
        let types = mapping.columns.map(\.type)
        if table.uniquenessConstraints.count > 1 {
            // PostgreSQL's upsert takes one key: look for a row with any of them, one row at a time.
            let insert = PostgresBatchSQL.insert(into: table, types: types, skippingConflictsOn: nil)
            for (model, binds) in zip(group, rows) {
                let key = model.storeKey
                if let existing = try existingRow(binds: binds, mapping), let update = table.updateSQL {
                    try session.execute(update, binds + [.bigint(existing)])
                    model.storeKey = existing
                    replaced.append((key, existing))
                } else {
                    try session.execute(insert, PostgresBatchSQL.binds(keys: [key], rows: [binds], types: types))
                }
            }
            return replaced
        }
        let conflictKey = table.uniquenessConstraints.first
        let sql = PostgresBatchSQL.insert(into: table, types: types, skippingConflictsOn: conflictKey)
        var start = 0
        while start < rows.count {
            let end = min(start + PostgresBatchSQL.rowsPerStatement, rows.count)
            let models = group[start..<end]
            let chunk = rows[start..<end]
            start = end
            let keys = models.map(\.storeKey)
            let binds = PostgresBatchSQL.binds(keys: keys, rows: Array(chunk), types: types)
            guard let conflictKey, let upsert = table.upsertSQL(onKey: conflictKey) else {
                try session.execute(sql, binds)
                continue
            }
            if chunk.count >= Self.rowsWorthAPlainInsert, try insertedWithoutConflict(table, types: types, binds) { continue }
            // Rows written are counted, not returned: a save of 100,000 rows would read 100,000 back.
            guard try session.execute(sql, binds) < chunk.count else { continue }
            // The rows skipped for a unique key some row has: each updates that row, as SwiftData's upsert does.
            var inserted = Set<Int64>()
            for row in try session.query(PostgresBatchSQL.existingKeys(of: table), [PostgresStore.keyArray(keys)]) {
                if case let .bigint(key) = row[0] { inserted.insert(key) }
            }
            for (model, row) in zip(models, chunk) where !inserted.contains(model.storeKey) {
                let drawn = model.storeKey
                let existing = try Self.insertedKey(try session.query(upsert, row), mapping)
                model.storeKey = existing
                replaced.append((drawn, existing))
            }
        }
        return replaced
    }

    /// The fewest rows for which a save first tries a plain `INSERT` before the one that
    /// skips conflicts: the plain one costs the server about a quarter less a row (no
    /// speculative insertion into the unique index), and its savepoint two round trips.
    static let rowsWorthAPlainInsert = 1_000

    /// Writes the rows with a plain `INSERT` in a savepoint; false, with nothing written,
    /// when one of them meets a unique key a row already has (the rows then go through
    /// the insert that skips conflicts, and the upsert).
    private func insertedWithoutConflict(_ table: PostgresEntityTable, types: [PostgresColumnType], _ binds: [PostgresValue]) throws -> Bool {
        try session.execute("SAVEPOINT osd_plain_insert")
        do {
            try session.execute(PostgresBatchSQL.insert(into: table, types: types, skippingConflictsOn: nil), binds)
        } catch where error.code == .uniqueViolation {
            try session.execute("ROLLBACK TO SAVEPOINT osd_plain_insert")
            try session.execute("RELEASE SAVEPOINT osd_plain_insert")
            return false
        }
        try session.execute("RELEASE SAVEPOINT osd_plain_insert")
        return true
    }

    /// Writes one model's row with the key its table's identity column gives it, or, when
    /// its unique key is a row's already, updates that row, whose key the model takes
    /// (as ``insert(_:keysDrawn:)`` does for a skipped row).
    private mutating func insertTakingKey(_ model: any PersistentModel) throws {
        guard let insert = try Self.rowInsert(of: model, store: store) else {
            // It names itself: its key is drawn before its row is written, as for many rows.
            try drawKeys(for: [model])
            try insert([model])
            return
        }
        let entity = type(of: model)._$entityName
        let rows = try Self.drawingKeys(of: entity, in: store) { try session.query(insert.sql, insert.binds) }
        let key = try Self.insertedKey(rows, try store.mapping(for: entity))
        model.storeKey = key
        insertedKeys = [key]
    }

    /// The statement that writes one model's row and returns the key its table's identity
    /// column gives it (an upsert where the table has a unique key, returning the key of
    /// the row written), with its binds; nil when one of the model's to-one relationships
    /// names the model itself, whose key is then needed first.
    static func rowInsert(of model: any PersistentModel, store: PostgresStore) throws -> (sql: String, binds: [PostgresValue])? {
        let mapping = try store.mapping(for: type(of: model)._$entityName)
        let table = mapping.table
        let (values, keyless) = try columnValues(of: model, mapping, PostgresRowSink(types: mapping.columns.map(\.type)))
        guard keyless == nil else { return nil }
        return (table.uniquenessConstraints.first.flatMap(table.upsertSQL(onKey:)) ?? table.insertSQL, values)
    }

    /// Rows of this save written with a drawn key that was never inserted (its model
    /// took an existing row) are pointed at that row instead.
    private func repointReferences(to replaced: [String: [(drawn: Int64, existing: Int64)]]) throws {
        guard !replaced.isEmpty else { return }
        for mapping in store.mappings.values {
            for case let .toOne(name, destination) in mapping.columns {
                guard let pairs = replaced[destination] else { continue }
                let column = PostgresDialect.quote(name)
                try session.execute(
                    "UPDATE \(PostgresDialect.quote(mapping.table.name)) AS t SET \(column) = v.existing "
                        + "FROM unnest($1::bigint[], $2::bigint[]) AS v(drawn, existing) WHERE t.\(column) = v.drawn",
                    [PostgresStore.keyArray(pairs.map(\.drawn)), PostgresStore.keyArray(pairs.map(\.existing))])
            }
        }
    }

    // MARK: Updates

    /// Writes the columns of what each model changed since its last save, so that two
    /// instances that change different properties of one model at once both keep their
    /// change. Models of one entity that changed the same columns are written by one
    /// statement per ``PostgresBatchSQL/rowsPerStatement`` rows.
    func update(_ models: [any PersistentModel]) throws {
        for (name, group) in Self.groupedByEntity(models.filter { $0.storeKey > 0 }) {
            let mapping = try store.mapping(for: name)
            var columnSets: [[Int]] = []
            var byColumns: [[Int]: [any PersistentModel]] = [:]
            for model in group {
                let changed = model.changedProperties
                let written = mapping.columns.indices.filter { changed.contains(mapping.columnProperties[$0]) }
                guard !written.isEmpty else { continue }
                if byColumns[written] == nil { columnSets.append(written) }
                byColumns[written, default: []].append(model)
            }
            for written in columnSets {
                try updateRows(byColumns[written] ?? [], columns: written, mapping)
            }
        }
    }

    /// One `UPDATE` per chunk of rows that write the same `columns` (indices into the
    /// mapping's columns).
    private func updateRows(_ models: [any PersistentModel], columns: [Int], _ mapping: PostgresEntityMapping) throws {
        let types = columns.map { mapping.columns[$0].type }
        let sql = PostgresBatchSQL.update(mapping.table.name, columns: columns.map { mapping.table.columns[$0] }, types: types)
        let rows = try columnValues(of: models, mapping)
        var start = 0
        while start < rows.count {
            let end = min(start + PostgresBatchSQL.rowsPerStatement, rows.count)
            let values = rows[start..<end].map { row in columns.map { row[$0] } }
            try session.execute(sql, PostgresBatchSQL.binds(keys: models[start..<end].map(\.storeKey), rows: values, types: types))
            start = end
        }
    }

    // MARK: To-many relationships

    /// Writes what only the owning side of a to-many relationship knows: the order of
    /// its members (and that they belong to it), and the rows of join tables. A member
    /// that left the relationship is written by its own update (its key cleared).
    ///
    /// The members of every owner of one relationship are written by one statement:
    /// a save of many owners is not a round trip per owner.
    func writeToMany(_ changes: [(model: any PersistentModel, relationship: Schema.Relationship, members: [AnyObject])]) throws {
        var memberships: [MembershipTarget: (owners: [Int64], members: [Int64], positions: [Int64])] = [:]
        var targetOrder: [MembershipTarget] = []
        for (model, relationship, members) in changes {
            let owner = model.storeKey
            guard owner > 0 else { continue }
            let mapping = try store.mapping(for: type(of: model)._$entityName)
            guard let foreign = mapping.foreignRelationships.first(where: { $0.name == relationship.name }) else { continue }
            var seen = Set<Int64>()
            let keys = members.compactMap { ($0 as? any PersistentModel)?.storeKey }.filter { $0 > 0 && seen.insert($0).inserted }
            switch foreign.source {
            case let .inverseKey(column, orderColumn):
                guard !keys.isEmpty else { continue }
                let target = MembershipTarget(table: foreign.destination, column: column, orderColumn: orderColumn)
                if memberships[target] == nil { targetOrder.append(target) }
                memberships[target, default: ([], [], [])].owners += Array(repeating: owner, count: keys.count)
                memberships[target, default: ([], [], [])].members += keys
                memberships[target, default: ([], [], [])].positions += keys.indices.map(Int64.init)
            case let .inverseKeyToOne(column):
                guard let member = keys.first else { continue }
                try session.execute("UPDATE \(PostgresDialect.quote(foreign.destination)) SET \(PostgresDialect.quote(column)) = $1 WHERE \"Z_PK\" = $2",
                                    [.bigint(owner), .bigint(member)])
            case let .joinTable(table):
                let name = PostgresDialect.quote(table.name)
                let own = PostgresDialect.quote(table.ownColumn)
                let other = PostgresDialect.quote(table.otherColumn)
                try session.execute("DELETE FROM \(name) WHERE \(own) = $1 AND \(other) NOT IN (SELECT unnest($2::bigint[]))",
                                    [.bigint(owner), PostgresStore.keyArray(keys)])
                guard !keys.isEmpty else { continue }
                let order = PostgresDialect.quote(table.orderColumn)
                try session.execute(
                    "INSERT INTO \(name) (\(own), \(other), \(order)) SELECT $1, v.member, v.position "
                        + "FROM unnest($2::bigint[], $3::bigint[]) AS v(member, position) "
                        + "ON CONFLICT (\"Z_SOURCE\", \"Z_TARGET\") DO UPDATE SET \(order) = EXCLUDED.\(order)",
                    [.bigint(owner), PostgresStore.keyArray(keys), PostgresStore.keyArray(keys.indices.map(Int64.init))])
            }
        }
        for target in targetOrder {
            guard let rows = memberships[target] else { continue }
            // A member named by two owners ends with the last, as when each owner was written in turn.
            var last: [Int64: Int] = [:]
            for (index, member) in rows.members.enumerated() { last[member] = index }
            let kept = rows.members.indices.filter { last[rows.members[$0]] == $0 }
            try session.execute(
                "UPDATE \(PostgresDialect.quote(target.table)) AS d SET \(PostgresDialect.quote(target.column)) = v.owner, "
                    + "\(PostgresDialect.quote(target.orderColumn)) = v.position "
                    + "FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS v(owner, member, position) WHERE d.\"Z_PK\" = v.member",
                [PostgresStore.keyArray(kept.map { rows.owners[$0] }), PostgresStore.keyArray(kept.map { rows.members[$0] }),
                 PostgresStore.keyArray(kept.map { rows.positions[$0] })])
        }
    }

    /// The destination column and order column that a to-many relationship's members are written to.
    /// Places members appended to to-many relationships that were not loaded after the
    /// members each owner holds, in the order appended: one statement per relationship,
    /// whatever the number of owners, each owner's positions following the largest its
    /// other members hold.
    func writeAppended(_ appends: [(model: any PersistentModel, relationship: Schema.Relationship, appended: [AnyObject])]) throws {
        var rowsByTarget: [MembershipTarget: (owners: [Int64], members: [Int64])] = [:]
        var targetOrder: [MembershipTarget] = []
        for (model, relationship, appended) in appends {
            let owner = model.storeKey
            guard owner > 0 else { continue }
            let mapping = try store.mapping(for: type(of: model)._$entityName)
            guard let foreign = mapping.foreignRelationships.first(where: { $0.name == relationship.name }),
                  case let .inverseKey(column, orderColumn) = foreign.source else { continue }
            var seen = Set<Int64>()
            let keys = appended.compactMap { ($0 as? any PersistentModel)?.storeKey }.filter { $0 > 0 && seen.insert($0).inserted }
            guard !keys.isEmpty else { continue }
            let target = MembershipTarget(table: foreign.destination, column: column, orderColumn: orderColumn)
            if rowsByTarget[target] == nil { targetOrder.append(target) }
            rowsByTarget[target, default: ([], [])].owners += Array(repeating: owner, count: keys.count)
            rowsByTarget[target, default: ([], [])].members += keys
        }
        for target in targetOrder {
            guard let rows = rowsByTarget[target] else { continue }
            let table = PostgresDialect.quote(target.table)
            let (fk, order) = (PostgresDialect.quote(target.column), PostgresDialect.quote(target.orderColumn))
            try session.execute(
                "UPDATE \(table) AS d SET \(order) = base.last + v.n "
                    + "FROM (SELECT owner, member, row_number() OVER (PARTITION BY owner ORDER BY ordinal) AS n "
                    + "FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS u(owner, member, ordinal)) AS v, "
                    + "LATERAL (SELECT COALESCE(MAX(s.\(order)), -1) AS last FROM \(table) AS s "
                    + "WHERE s.\(fk) = v.owner AND NOT (s.\"Z_PK\" = ANY($2::bigint[]))) AS base "
                    + "WHERE d.\"Z_PK\" = v.member AND d.\(fk) = v.owner",
                [PostgresStore.keyArray(rows.owners), PostgresStore.keyArray(rows.members)])
        }
    }

    private struct MembershipTarget: Hashable {
        let table: String
        let column: String
        let orderColumn: String
    }

    // MARK: Unique keys

    /// The row that has the model's value of any of the entity's unique keys (an entity
    /// with several keys: PostgreSQL's upsert takes one).
    private func existingRow(binds: [PostgresValue], _ mapping: PostgresEntityMapping) throws -> Int64? {
        var conditions: [String] = []
        var keyBinds: [PostgresValue] = []
        for key in mapping.table.uniquenessConstraints {
            var parts: [String] = []
            for property in key {
                guard let index = mapping.table.columns.firstIndex(of: property), !binds[index].isNull else {
                    parts.removeAll()
                    break
                }
                keyBinds.append(binds[index])
                parts.append("\(PostgresDialect.quote(property)) = $\(keyBinds.count)")
            }
            if !parts.isEmpty { conditions.append("(" + parts.joined(separator: " AND ") + ")") }
        }
        guard !conditions.isEmpty else { return nil }
        let sql = "SELECT \"Z_PK\" FROM \(PostgresDialect.quote(mapping.table.name)) WHERE \(conditions.joined(separator: " OR ")) LIMIT 1 FOR UPDATE"
        guard case let .bigint(key) = try session.query(sql, keyBinds).first?[0] else { return nil }
        return key
    }

    static func insertedKey(_ rows: [PostgresResultRow], _ mapping: PostgresEntityMapping) throws -> Int64 {
        guard case let .bigint(key) = rows.first?[0] else {
            throw PostgresStoreError.serverError(sqlState: "", message: "inserting into \(mapping.table.name) returned no key")
        }
        return key
    }
}
#endif
