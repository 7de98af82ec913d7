import Foundation
import OpenSwiftData

/// The statements of one save, run in its transaction, and the permanent identifiers
/// they give the inserted models.
struct PostgresSaveWriter {
    let store: PostgresStore
    let session: PostgresSession
    /// The permanent identifier of each inserted model, by its temporary one.
    private(set) var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
    /// The children deleted with their parents by key.
    private(set) var deletedByCascade: [PersistentIdentifier] = []
    /// To-one keys of inserted rows that name a model inserted after them.
    private var deferredKeys: [(table: String, key: Int64, column: String, target: PersistentIdentifier)] = []

    init(store: PostgresStore, session: PostgresSession) {
        self.store = store
        self.session = session
    }

    // MARK: Rows

    /// Deletes the snapshots' rows, their join-table entries, and the rows of the
    /// children they cascade to by key (``DataStoreCascadingDeletes``).
    mutating func delete(_ snapshots: [DefaultSnapshot]) throws {
        var keysByEntity: [String: [Int64]] = [:]
        for snapshot in snapshots where snapshot.persistentIdentifier.rowID > 0 {
            keysByEntity[snapshot.persistentIdentifier.entityName, default: []].append(snapshot.persistentIdentifier.rowID)
        }
        for (entityName, keys) in keysByEntity.sorted(by: { $0.key < $1.key }) {
            let mapping = try store.mapping(for: entityName)
            let keyArray = PostgresStore.keyArray(keys)
            try session.execute("DELETE FROM \(PostgresDialect.quote(mapping.table.name)) WHERE \"Z_PK\" IN \(PostgresDialect.keysParameter)", [keyArray])
            for (child, column) in mapping.cascadesByKey {
                // The keys come back as one array, not a row each.
                let rows = try session.query(
                    "WITH deleted AS (DELETE FROM \(PostgresDialect.quote(child)) WHERE \(PostgresDialect.quote(column)) IN \(PostgresDialect.keysParameter) "
                        + "RETURNING \"Z_PK\") SELECT array_agg(\"Z_PK\") FROM deleted", [keyArray])
                guard case let .array(_, keys)? = rows.first?[0] else { continue }
                for case let .bigint(key) in keys {
                    deletedByCascade.append(PersistentIdentifier(entityName: child, storeIdentifier: store.identifier, rowID: key))
                }
            }
            for joinTable in mapping.table.joinTables {
                try session.execute("DELETE FROM \(PostgresDialect.quote(joinTable.name)) WHERE \(PostgresDialect.quote(joinTable.ownColumn)) IN \(PostgresDialect.keysParameter)",
                                    [keyArray])
            }
        }
    }

    /// Inserts each snapshot's row; one whose unique key a row already has updates that
    /// row instead, and the model takes its identifier.
    ///
    /// Every inserted model's key is drawn from its table's sequence first, so that the
    /// rows (which name each other's keys) go in multi-row statements, entity by entity
    /// (see ``PostgresBatchSQL``): a save of many models is a few round trips, not one
    /// per model. A row that meets an existing unique key is upserted on its own, and the
    /// rows of this save that named its drawn key are pointed at the row it updated.
    mutating func insert(_ snapshots: [DefaultSnapshot]) throws {
        let groups = Self.groupedByEntity(snapshots)
        for (name, group) in groups {
            let keys = try drawKeys(try store.mapping(for: name).table, count: group.count)
            for (snapshot, key) in zip(group, keys) {
                remapped[snapshot.persistentIdentifier] = PersistentIdentifier(entityName: name, storeIdentifier: store.identifier, rowID: key)
            }
        }
        var replaced: [String: [(drawn: Int64, existing: Int64)]] = [:]
        for (name, group) in groups {
            let taken = try insertRows(group, try store.mapping(for: name))
            if !taken.isEmpty { replaced[name] = taken }
        }
        try repointReferences(to: replaced)
    }

    /// Writes the columns of what each model changed (`changed`, by the context; all of
    /// them for a model without an entry), so that two instances that change different
    /// properties of one model at once both keep their change. Models of one entity that
    /// changed the same columns are written by one statement per ``PostgresBatchSQL/rowsPerStatement`` rows.
    mutating func update(_ snapshots: [DefaultSnapshot], changed: [PersistentIdentifier: Set<String>]) throws {
        for (name, group) in Self.groupedByEntity(snapshots.filter { $0.persistentIdentifier.rowID > 0 }) {
            let mapping = try store.mapping(for: name)
            var columnSets: [[Int]] = []
            var rowsByColumns: [[Int]: [DefaultSnapshot]] = [:]
            for snapshot in group {
                let names = changed[snapshot.persistentIdentifier]
                let written = mapping.columns.indices.filter { names?.contains(mapping.columns[$0].propertyName) ?? true }
                guard !written.isEmpty else { continue }
                if rowsByColumns[written] == nil { columnSets.append(written) }
                rowsByColumns[written, default: []].append(snapshot)
            }
            for written in columnSets {
                try updateRows(rowsByColumns[written] ?? [], columns: written, mapping)
            }
        }
    }

    /// One `UPDATE` per chunk of rows that write the same `columns` (indices into the
    /// mapping's columns).
    private func updateRows(_ rows: [DefaultSnapshot], columns: [Int], _ mapping: PostgresEntityMapping) throws {
        let types = columns.map { mapping.columns[$0].type }
        let sql = PostgresBatchSQL.update(mapping.table.name, columns: columns.map { mapping.table.columns[$0] }, types: types)
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + PostgresBatchSQL.rowsPerStatement, rows.count)]
            start += chunk.count
            let values = try chunk.map { snapshot in try columns.map { try bind(mapping.columns[$0], of: snapshot, mapping).value } }
            try session.execute(sql, PostgresBatchSQL.binds(keys: chunk.map(\.persistentIdentifier.rowID), rows: values, types: types))
        }
    }

    /// The snapshots by entity, entities in the order they first appear.
    private static func groupedByEntity(_ snapshots: [DefaultSnapshot]) -> [(name: String, snapshots: [DefaultSnapshot])] {
        var order: [String] = []
        var groups: [String: [DefaultSnapshot]] = [:]
        for snapshot in snapshots {
            let name = snapshot.persistentIdentifier.entityName
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(snapshot)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// `count` new keys from the table's identity sequence, as one array. The sequence
    /// is looked up once (the materialised `WITH`): looked up per row, the catalog
    /// lookup took six times as long as the keys themselves.
    private func drawKeys(_ table: PostgresEntityTable, count: Int) throws -> [Int64] {
        guard count > 0 else { return [] }
        let rows = try session.query(
            "WITH s AS MATERIALIZED (SELECT pg_get_serial_sequence($1, 'Z_PK')::regclass AS sequence) "
                + "SELECT array_agg(nextval(s.sequence)) FROM s, generate_series(1, $2)",
            [.text(PostgresDialect.quote(table.name)), .bigint(Int64(count))])
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

    /// Writes the rows of one entity's inserted snapshots, whose keys are drawn, and
    /// returns the drawn keys of those that took an existing row's place instead.
    private mutating func insertRows(_ group: [DefaultSnapshot], _ mapping: PostgresEntityMapping) throws -> [(drawn: Int64, existing: Int64)] {
        let table = mapping.table
        var rows: [(id: PersistentIdentifier, key: Int64, binds: [PostgresValue])] = []
        rows.reserveCapacity(group.count)
        for snapshot in group {
            let id = snapshot.persistentIdentifier
            guard let key = remapped[id]?.rowID else { continue }
            let (binds, pending) = try columnBinds(of: snapshot, mapping)
            for (column, target) in pending {
                deferredKeys.append((table.name, key, column, target))
            }
            rows.append((id, key, binds))
        }
        var replaced: [(drawn: Int64, existing: Int64)] = []
        let types = mapping.columns.map(\.type)
        if table.uniquenessConstraints.count > 1 {
            // PostgreSQL's upsert takes one key: look for a row with any of them, one row at a time.
            let insert = PostgresBatchSQL.insert(into: table, types: types, skippingConflictsOn: nil)
            for row in rows {
                if let existing = try existingRow(binds: row.binds, mapping), let update = table.updateSQL {
                    try session.execute(update, row.binds + [.bigint(existing)])
                    take(existing, for: row.id, drawn: row.key, &replaced)
                } else {
                    try session.execute(insert, PostgresBatchSQL.binds(keys: [row.key], rows: [row.binds], types: types))
                }
            }
            return replaced
        }
        let conflictKey = table.uniquenessConstraints.first
        let sql = PostgresBatchSQL.insert(into: table, types: types, skippingConflictsOn: conflictKey)
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + PostgresBatchSQL.rowsPerStatement, rows.count)]
            start += chunk.count
            let binds = PostgresBatchSQL.binds(keys: chunk.map(\.key), rows: chunk.map(\.binds), types: types)
            guard let conflictKey, let upsert = table.upsertSQL(onKey: conflictKey) else {
                try session.execute(sql, binds)
                continue
            }
            // Rows written are counted, not returned: a save of 100,000 rows would read 100,000 back.
            guard try session.execute(sql, binds) < chunk.count else { continue }
            // The rows skipped for a unique key some row has: each updates that row, as SwiftData's upsert does.
            var inserted = Set<Int64>()
            for row in try session.query(PostgresBatchSQL.existingKeys(of: table), [PostgresStore.keyArray(chunk.map(\.key))]) {
                if case let .bigint(key) = row[0] { inserted.insert(key) }
            }
            for row in chunk where !inserted.contains(row.key) {
                take(try insertedKey(try session.query(upsert, row.binds), mapping), for: row.id, drawn: row.key, &replaced)
            }
        }
        return replaced
    }

    /// The model whose row was not inserted takes the existing row's identifier.
    private mutating func take(_ existing: Int64, for id: PersistentIdentifier, drawn: Int64, _ replaced: inout [(drawn: Int64, existing: Int64)]) {
        remapped[id] = PersistentIdentifier(entityName: id.entityName, storeIdentifier: store.identifier, rowID: existing)
        replaced.append((drawn, existing))
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

    /// Sets the to-one keys that named models inserted after their row.
    mutating func resolveDeferredKeys() throws {
        for (table, key, column, target) in deferredKeys {
            guard let targetKey = self.key(of: target) else { continue }
            try session.execute("UPDATE \(PostgresDialect.quote(table)) SET \(PostgresDialect.quote(column)) = $1 WHERE \"Z_PK\" = $2",
                                [.bigint(targetKey), .bigint(key)])
        }
        deferredKeys.removeAll()
    }

    // MARK: To-many relationships

    /// Writes what only the owning side of a to-many relationship knows: the order of
    /// its members (and that they belong to it), and the rows of join tables. A member
    /// that left the relationship is written by its own snapshot (its key cleared).
    ///
    /// The members of every owner of one relationship are written by one statement:
    /// a save of many owners is not a round trip per owner.
    mutating func writeToManyRelationships(_ snapshots: [DefaultSnapshot], changed: [PersistentIdentifier: Set<String>]) throws {
        var memberships: [MembershipTarget: (owners: [Int64], members: [Int64], positions: [Int64])] = [:]
        var targetOrder: [MembershipTarget] = []
        for snapshot in snapshots {
            guard let owner = key(of: snapshot.persistentIdentifier) else { continue }
            let mapping = try store.mapping(for: snapshot.persistentIdentifier.entityName)
            let names = changed[snapshot.persistentIdentifier]
            for relationship in mapping.foreignRelationships where names?.contains(relationship.name) ?? true {
                guard let value = snapshot.values[relationship.name] else { continue }
                switch relationship.source {
                case let .inverseKey(column, orderColumn):
                    let members = memberKeys(value)
                    guard !members.isEmpty else { continue }
                    let target = MembershipTarget(table: relationship.destination, column: column, orderColumn: orderColumn)
                    if memberships[target] == nil { targetOrder.append(target) }
                    memberships[target, default: ([], [], [])].owners += Array(repeating: owner, count: members.count)
                    memberships[target, default: ([], [], [])].members += members
                    memberships[target, default: ([], [], [])].positions += members.indices.map(Int64.init)
                case let .inverseKeyToOne(column):
                    guard case let .model(target) = value, let member = key(of: target) else { continue }
                    try session.execute("UPDATE \(PostgresDialect.quote(relationship.destination)) SET \(PostgresDialect.quote(column)) = $1 WHERE \"Z_PK\" = $2",
                                        [.bigint(owner), .bigint(member)])
                case let .joinTable(table):
                    let members = memberKeys(value)
                    let name = PostgresDialect.quote(table.name)
                    let own = PostgresDialect.quote(table.ownColumn)
                    let other = PostgresDialect.quote(table.otherColumn)
                    try session.execute("DELETE FROM \(name) WHERE \(own) = $1 AND \(other) NOT IN (SELECT unnest($2::bigint[]))",
                                        [.bigint(owner), PostgresStore.keyArray(members)])
                    guard !members.isEmpty else { continue }
                    let order = PostgresDialect.quote(table.orderColumn)
                    try session.execute(
                        "INSERT INTO \(name) (\(own), \(other), \(order)) SELECT $1, v.member, v.position "
                            + "FROM unnest($2::bigint[], $3::bigint[]) AS v(member, position) "
                            + "ON CONFLICT (\"Z_SOURCE\", \"Z_TARGET\") DO UPDATE SET \(order) = EXCLUDED.\(order)",
                        [.bigint(owner), PostgresStore.keyArray(members), PostgresStore.keyArray(members.indices.map(Int64.init))])
                }
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
    private struct MembershipTarget: Hashable {
        let table: String
        let column: String
        let orderColumn: String
    }

    // MARK: Values

    /// The key of a saved model, or of one this save inserted; nil for one not yet inserted.
    private func key(of id: PersistentIdentifier) -> Int64? {
        id.rowID > 0 ? id.rowID : remapped[id]?.rowID
    }

    private func memberKeys(_ value: DefaultSnapshot.Value) -> [Int64] {
        guard case let .models(ids) = value else { return [] }
        var seen = Set<Int64>()
        return ids.compactMap(key(of:)).filter { seen.insert($0).inserted }
    }

    /// The binds of the row's columns, in ``PostgresEntityTable/columns`` order, and the
    /// to-one relationships that name a model not inserted yet (bound as NULL for now).
    private func columnBinds(of snapshot: DefaultSnapshot, _ mapping: PostgresEntityMapping) throws
        -> (binds: [PostgresValue], pending: [(column: String, target: PersistentIdentifier)]) {
        var binds: [PostgresValue] = []
        binds.reserveCapacity(mapping.columns.count)
        var pending: [(column: String, target: PersistentIdentifier)] = []
        for column in mapping.columns {
            let (value, target) = try bind(column, of: snapshot, mapping)
            binds.append(value)
            if let target { pending.append((column.propertyName, target)) }
        }
        return (binds, pending)
    }

    /// The bind of one column of the snapshot's row, and the model its to-one
    /// relationship names when that model is not inserted yet (bound as NULL for now).
    private func bind(_ column: PostgresEntityMapping.Column, of snapshot: DefaultSnapshot, _ mapping: PostgresEntityMapping) throws
        -> (value: PostgresValue, pending: PersistentIdentifier?) {
        switch column {
        case let .attribute(attribute, codec):
            guard let value = snapshot.values[attribute.name] else { return (.null, nil) }
            do {
                return (try codec.encode(try attribute.value(of: value, entity: mapping.entityName)), nil)
            } catch {
                throw OpenSwiftDataError.invalidValue(entity: mapping.entityName, property: attribute.name,
                                                      reason: "its value cannot be stored in PostgreSQL: \(error)")
            }
        case let .toOne(name, _):
            guard case let .model(target) = snapshot.values[name] else { return (.null, nil) }
            guard let key = key(of: target) else { return (.null, target) }
            return (.bigint(key), nil)
        }
    }

    /// The row that has the snapshot's value of any of the entity's unique keys (an
    /// entity with several keys: PostgreSQL's upsert takes one).
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

    private func insertedKey(_ rows: [PostgresResultRow], _ mapping: PostgresEntityMapping) throws -> Int64 {
        guard case let .bigint(key) = rows.first?[0] else {
            throw PostgresStoreError.serverError(sqlState: "", message: "inserting into \(mapping.table.name) returned no key")
        }
        return key
    }
}
