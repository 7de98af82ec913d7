import Foundation
import OpenSwiftData

// Fetching: rows become snapshots, with the identifiers of their relationships.
extension PostgresStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let descriptor = request.descriptor
        let mapping = try mapping(for: T._$entityName)
        let query = try PostgresFetchQuery(descriptor: descriptor, mapping: mapping)
        let snapshots = try connections.withSession { session in
            try self.snapshots(of: mapping, where: query.condition, binds: query.binds, suffix: query.orderAndWindow, on: session)
        }
        return DataStoreFetchResult(descriptor: descriptor, fetchedSnapshots: snapshots)
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        let mapping = try mapping(for: T._$entityName)
        var query = try PostgresFetchQuery(descriptor: request.descriptor, mapping: mapping)
        query.dropsSort()
        let sql = "SELECT count(*) FROM (SELECT 1 FROM \(PostgresDialect.quote(mapping.table.name)) AS t"
            + (query.condition.map { " WHERE \($0)" } ?? "") + query.orderAndWindow + ") AS selected"
        let rows = try connections.withSession { session in try session.query(sql, query.binds) }
        guard case let .bigint(count) = rows.first?[0] else { return 0 }
        return Int(count)
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        let mapping = try mapping(for: T._$entityName)
        let query = try PostgresFetchQuery(descriptor: request.descriptor, mapping: mapping)
        let sql = "SELECT t.\"Z_PK\" FROM \(PostgresDialect.quote(mapping.table.name)) AS t"
            + (query.condition.map { " WHERE \($0)" } ?? "") + query.orderAndWindow
        let rows = try connections.withSession { session in try session.query(sql, query.binds) }
        return rows.compactMap { row in
            guard case let .bigint(key) = row[0] else { return nil }
            return PersistentIdentifier(entityName: mapping.entityName, storeIdentifier: identifier, rowID: key)
        }
    }

    /// Reads the rows of the identifiers: the context asks before it fetches the models a
    /// relationship or `model(for:)` names, and this store answers from the server.
    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: DefaultSnapshot] {
        var keysByEntity: [String: [Int64]] = [:]
        for id in persistentIdentifiers where id.rowID > 0 && mappings[id.entityName] != nil {
            keysByEntity[id.entityName, default: []].append(id.rowID)
        }
        guard !keysByEntity.isEmpty else { return [:] }
        return try connections.withSession { session in
            var found: [PersistentIdentifier: DefaultSnapshot] = [:]
            for (entityName, keys) in keysByEntity {
                let mapping = try mapping(for: entityName)
                for snapshot in try snapshots(of: mapping, where: "t.\"Z_PK\" IN \(PostgresDialect.keysParameter)", binds: [Self.keyArray(keys)],
                                              suffix: "", on: session) {
                    found[snapshot.persistentIdentifier] = snapshot
                }
            }
            return found
        }
    }

    /// The snapshots of the entity's rows that `condition` (SQL over the row as `t`) selects.
    func snapshots(of mapping: PostgresEntityMapping, where condition: String?, binds: [PostgresValue], suffix: String,
                   on session: PostgresSession) throws -> [DefaultSnapshot] {
        let sql = mapping.selectSQL + (condition.map { " WHERE \($0)" } ?? "") + suffix
        let rows = try session.query(sql, binds)
        var keys: [Int64] = []
        keys.reserveCapacity(rows.count)
        var valuesByRow: [[String: DefaultSnapshot.Value]] = []
        valuesByRow.reserveCapacity(rows.count)
        for row in rows {
            guard case let .bigint(key) = row[0] else { continue }
            keys.append(key)
            valuesByRow.append(try values(of: row, key: key, mapping: mapping))
        }
        if !keys.isEmpty {
            for relationship in mapping.foreignRelationships {
                let related = try relatedKeys(relationship, of: keys, on: session)
                for (index, key) in keys.enumerated() {
                    let ids = (related[key] ?? []).map {
                        PersistentIdentifier(entityName: relationship.destination, storeIdentifier: identifier, rowID: $0)
                    }
                    if case .inverseKeyToOne = relationship.source {
                        valuesByRow[index][relationship.name] = ids.first.map(DefaultSnapshot.Value.model) ?? .null
                    } else {
                        valuesByRow[index][relationship.name] = .models(ids)
                    }
                }
            }
        }
        return zip(keys, valuesByRow).map { key, values in
            DefaultSnapshot(persistentIdentifier: PersistentIdentifier(entityName: mapping.entityName, storeIdentifier: identifier, rowID: key),
                            values: values)
        }
    }

    /// The values of a row's columns, by property name.
    private func values(of row: PostgresResultRow, key: Int64, mapping: PostgresEntityMapping) throws -> [String: DefaultSnapshot.Value] {
        var values: [String: DefaultSnapshot.Value] = [:]
        values.reserveCapacity(mapping.columns.count + mapping.foreignRelationships.count)
        for (offset, column) in mapping.columns.enumerated() {
            let stored = row[offset + 1]
            switch column {
            case let .attribute(attribute, codec):
                if let direct = mapping.directReads[offset]?.snapshotValue(of: stored) {
                    values[attribute.name] = direct
                    continue
                }
                do {
                    values[attribute.name] = try attribute.snapshotValue(of: try codec.decode(stored), entity: mapping.entityName)
                } catch {
                    throw PostgresStoreError.unreadableRow(entity: mapping.entityName, key: key, property: attribute.name,
                                                           reason: stored.isNull ? "is missing (NULL)" : "holds \(stored), which is not a \(attribute.valueType)")
                }
            case let .toOne(name, destination):
                if case let .bigint(related) = stored {
                    values[name] = .model(PersistentIdentifier(entityName: destination, storeIdentifier: identifier, rowID: related))
                } else {
                    values[name] = .null
                }
            }
        }
        return values
    }

    /// The keys of the related rows of each of `keys`, in the relationship's order.
    private func relatedKeys(_ relationship: PostgresEntityMapping.ForeignRelationship, of keys: [Int64],
                             on session: PostgresSession) throws -> [Int64: [Int64]] {
        let sql: String
        switch relationship.source {
        case let .inverseKey(column, orderColumn):
            let owner = PostgresDialect.quote(column)
            sql = "SELECT \(owner), \"Z_PK\" FROM \(PostgresDialect.quote(relationship.destination)) WHERE \(owner) IN \(PostgresDialect.keysParameter) "
                + "ORDER BY \(owner), \(PostgresDialect.quote(orderColumn)) NULLS LAST, \"Z_PK\""
        case let .inverseKeyToOne(column):
            let owner = PostgresDialect.quote(column)
            sql = "SELECT \(owner), \"Z_PK\" FROM \(PostgresDialect.quote(relationship.destination)) WHERE \(owner) IN \(PostgresDialect.keysParameter) "
                + "ORDER BY \(owner), \"Z_PK\""
        case let .joinTable(table):
            let own = PostgresDialect.quote(table.ownColumn)
            sql = "SELECT \(own), \(PostgresDialect.quote(table.otherColumn)) FROM \(PostgresDialect.quote(table.name)) "
                + "WHERE \(own) IN \(PostgresDialect.keysParameter) ORDER BY \(own), \(PostgresDialect.quote(table.orderColumn)) NULLS LAST, "
                + PostgresDialect.quote(table.otherColumn)
        }
        var related: [Int64: [Int64]] = [:]
        for row in try session.query(sql, [Self.keyArray(keys)]) {
            guard case let .bigint(owner) = row[0], case let .bigint(member) = row[1] else { continue }
            related[owner, default: []].append(member)
        }
        return related
    }

    /// Keys as one bind, a `bigint[]` literal (cast in the statement).
    static func keyArray(_ keys: [Int64]) -> PostgresValue {
        .array(.bigint, keys.map(PostgresValue.bigint))
    }
}
