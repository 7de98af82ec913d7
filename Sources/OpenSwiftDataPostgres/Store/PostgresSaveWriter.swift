import Foundation
import OpenSwiftData

/// The statements of one save, run in its transaction, and the permanent identifiers
/// they give the inserted models.
struct PostgresSaveWriter {
    let store: PostgresStore
    let session: PostgresSession
    /// The permanent identifier of each inserted model, by its temporary one.
    private(set) var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
    /// To-one keys of inserted rows that name a model inserted after them.
    private var deferredKeys: [(table: String, key: Int64, column: String, target: PersistentIdentifier)] = []

    init(store: PostgresStore, session: PostgresSession) {
        self.store = store
        self.session = session
    }

    // MARK: Rows

    mutating func delete(_ snapshots: [DefaultSnapshot]) throws {
        var keysByEntity: [String: [Int64]] = [:]
        for snapshot in snapshots where snapshot.persistentIdentifier.rowID > 0 {
            keysByEntity[snapshot.persistentIdentifier.entityName, default: []].append(snapshot.persistentIdentifier.rowID)
        }
        for (entityName, keys) in keysByEntity.sorted(by: { $0.key < $1.key }) {
            let mapping = try store.mapping(for: entityName)
            let keyArray = PostgresStore.keyArray(keys)
            try session.execute("DELETE FROM \(PostgresDialect.quote(mapping.table.name)) WHERE \"Z_PK\" = ANY($1::bigint[])", [keyArray])
            for joinTable in mapping.table.joinTables {
                try session.execute("DELETE FROM \(PostgresDialect.quote(joinTable.name)) WHERE \(PostgresDialect.quote(joinTable.ownColumn)) = ANY($1::bigint[])",
                                    [keyArray])
            }
        }
    }

    /// Inserts each snapshot's row; one whose unique key a row already has updates that
    /// row instead, and the model takes its identifier.
    mutating func insert(_ snapshots: [DefaultSnapshot]) throws {
        for snapshot in snapshots {
            let id = snapshot.persistentIdentifier
            let mapping = try store.mapping(for: id.entityName)
            let (binds, pending) = try columnBinds(of: snapshot, mapping)
            let table = mapping.table
            let key: Int64
            if table.uniquenessConstraints.count == 1, let upsert = table.upsertSQL(onKey: table.uniquenessConstraints[0]) {
                key = try insertedKey(try session.query(upsert, binds), mapping)
            } else if table.uniquenessConstraints.count > 1, let existing = try existingRow(matching: snapshot, binds: binds, mapping),
                      let update = table.updateSQL {
                try session.execute(update, binds + [.bigint(existing)])
                key = existing
            } else {
                key = try insertedKey(try session.query(table.insertSQL, binds), mapping)
            }
            remapped[id] = PersistentIdentifier(entityName: id.entityName, storeIdentifier: store.identifier, rowID: key)
            for (column, target) in pending {
                deferredKeys.append((table.name, key, column, target))
            }
        }
    }

    /// Writes the columns of what each model changed (`changed`, by the context; all of
    /// them for a model without an entry), so that two instances that change different
    /// properties of one model at once both keep their change.
    mutating func update(_ snapshots: [DefaultSnapshot], changed: [PersistentIdentifier: Set<String>]) throws {
        for snapshot in snapshots where snapshot.persistentIdentifier.rowID > 0 {
            let mapping = try store.mapping(for: snapshot.persistentIdentifier.entityName)
            let names = changed[snapshot.persistentIdentifier]
            let written = mapping.columns.indices.filter { names?.contains(mapping.columns[$0].propertyName) ?? true }
            guard !written.isEmpty else { continue }
            let (binds, _) = try columnBinds(of: snapshot, mapping)
            let sets = written.enumerated().map { "\(PostgresDialect.quote(mapping.table.columns[$1])) = \(PostgresDialect.placeholder($0 + 1))" }
            try session.execute(
                "UPDATE \(PostgresDialect.quote(mapping.table.name)) SET \(sets.joined(separator: ", ")) WHERE \"Z_PK\" = \(PostgresDialect.placeholder(written.count + 1))",
                written.map { binds[$0] } + [.bigint(snapshot.persistentIdentifier.rowID)])
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
    mutating func writeToManyRelationships(_ snapshots: [DefaultSnapshot], changed: [PersistentIdentifier: Set<String>]) throws {
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
                    try session.execute(
                        "UPDATE \(PostgresDialect.quote(relationship.destination)) AS d SET \(PostgresDialect.quote(column)) = $1, "
                            + "\(PostgresDialect.quote(orderColumn)) = v.position FROM unnest($2::bigint[], $3::bigint[]) AS v(member, position) "
                            + "WHERE d.\"Z_PK\" = v.member",
                        [.bigint(owner), PostgresStore.keyArray(members), PostgresStore.keyArray(members.indices.map(Int64.init))])
                case let .inverseKeyToOne(column):
                    guard case let .model(target) = value, let member = key(of: target) else { continue }
                    try session.execute("UPDATE \(PostgresDialect.quote(relationship.destination)) SET \(PostgresDialect.quote(column)) = $1 WHERE \"Z_PK\" = $2",
                                        [.bigint(owner), .bigint(member)])
                case let .joinTable(table):
                    let members = memberKeys(value)
                    let name = PostgresDialect.quote(table.name)
                    let own = PostgresDialect.quote(table.ownColumn)
                    let other = PostgresDialect.quote(table.otherColumn)
                    try session.execute("DELETE FROM \(name) WHERE \(own) = $1 AND NOT (\(other) = ANY($2::bigint[]))",
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
            switch column {
            case let .attribute(attribute, codec):
                guard let value = snapshot.values[attribute.name] else {
                    binds.append(.null)
                    continue
                }
                do {
                    binds.append(try codec.encode(try attribute.value(of: value, entity: mapping.entityName)))
                } catch {
                    throw OpenSwiftDataError.invalidValue(entity: mapping.entityName, property: attribute.name,
                                                          reason: "its value cannot be stored in PostgreSQL: \(error)")
                }
            case let .toOne(name, _):
                guard case let .model(target) = snapshot.values[name] else {
                    binds.append(.null)
                    continue
                }
                if let key = key(of: target) {
                    binds.append(.bigint(key))
                } else {
                    binds.append(.null)
                    pending.append((name, target))
                }
            }
        }
        return (binds, pending)
    }

    /// The row that has the snapshot's value of any of the entity's unique keys (an
    /// entity with several keys: PostgreSQL's upsert takes one).
    private func existingRow(matching snapshot: DefaultSnapshot, binds: [PostgresValue], _ mapping: PostgresEntityMapping) throws -> Int64? {
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
