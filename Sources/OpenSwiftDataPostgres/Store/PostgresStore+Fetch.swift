#if PostgreSQL
import Foundation
import OpenSwiftData
import PostgresNIO

// Fetching: each row handed to the context with a reader over its cells; relationships
// read when they are first used.
extension PostgresStore {
    package func fetch<T: PersistentModel>(_ request: StoreFetchRequest<T>, row body: (inout StoreRow) throws -> Void) throws -> StoreFetchOutcome {
        let mapping = try mapping(for: T._$entityName)
        let query = try PostgresFetchQuery(request, mapping: mapping)
        // Without a window Swift reads every kept row either way; with one, SQL may keep only the page.
        if query.hasWindow, let undecided = query.undecided, !query.outcome.mergesPendingChanges {
            let decided = try PostgresFetchQuery(request, mapping: mapping, decided: true)
            // Each row also counts the kept rows only Swift can decide, all of them: a window function counts before the limit.
            let sql = mapping.table.selectSQL(besides: "count(*) FILTER (WHERE \(undecided)) OVER ()") + decided.whereClause + decided.orderAndWindow
            let result = try connections.withSession { session in try session.rawRows(sql, decided.binds) }
            // An empty window of the kept rows is as empty for the rows Swift would keep of them.
            if result.first.map({ Self.lastCount(of: $0) == 0 }) ?? true {
                try deliver(result, of: mapping, source: PostgresRowSource(), body)
                return decided.outcome
            }
        }
        try rows(of: mapping, sql: mapping.selectSQL + query.whereClause + query.orderAndWindow, binds: query.binds, body)
        return query.outcome
    }

    package func count<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> Int? {
        let mapping = try mapping(for: T._$entityName)
        var query = try PostgresFetchQuery(request, mapping: mapping)
        if let undecided = query.undecided, !query.hasWindow, !query.outcome.mergesPendingChanges {
            // The kept rows, and those of them only Swift can decide: without any, the first is the count.
            let sql = "SELECT count(*), count(*) FILTER (WHERE \(undecided)) FROM \(PostgresDialect.quote(mapping.table.name)) AS t" + query.whereClause
            let rows = try connections.withSession { session in try session.query(sql, query.binds) }
            guard case let .bigint(count) = rows.first?[0], case .bigint(0) = rows.first?[1] else { return nil }
            return Int(count)
        }
        query = try decided(query, request, mapping)
        guard !query.outcome.filtersInSwift, !query.outcome.mergesPendingChanges else { return nil }
        query.dropsSort()
        let sql = "SELECT count(*) FROM (SELECT 1 FROM \(PostgresDialect.quote(mapping.table.name)) AS t"
            + query.whereClause + query.orderAndWindow + ") AS selected"
        let rows = try connections.withSession { session in try session.query(sql, query.binds) }
        guard case let .bigint(count) = rows.first?[0] else { return 0 }
        return Int(count)
    }

    package func keys<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> [Int64]? {
        let mapping = try mapping(for: T._$entityName)
        let query = try decided(try PostgresFetchQuery(request, mapping: mapping), request, mapping)
        guard query.isSQLOnly else { return nil }
        let sql = "SELECT t.\"Z_PK\" FROM \(PostgresDialect.quote(mapping.table.name)) AS t" + query.whereClause + query.orderAndWindow
        return try keys(sql, query.binds)
    }

    package func keys<T: PersistentModel>(_ request: StoreFetchRequest<T>, after: Int64, through highest: Int64?,
                                          limit: Int) throws -> (keys: [Int64], highest: Int64)? {
        let descriptor = request.descriptor
        guard descriptor.sortBy.isEmpty, descriptor.fetchLimit == nil, (descriptor.fetchOffset ?? 0) <= 0 else { return nil }
        let mapping = try mapping(for: T._$entityName)
        let query = try PostgresFetchQuery(request, mapping: mapping)
        guard query.isSQLOnly else { return nil }
        let table = PostgresDialect.quote(mapping.table.name)
        // Rows saved after the enumeration began are not visited: keys stop at the first page's highest.
        let highest = try highest ?? keys("SELECT coalesce(max(\"Z_PK\"), 0) FROM \(table)", []).first ?? 0
        let count = query.binds.count
        let sql = "SELECT t.\"Z_PK\" FROM \(table) AS t" + (query.condition.map { " WHERE (\($0)) AND" } ?? " WHERE")
            + " t.\"Z_PK\" > $\(count + 1) AND t.\"Z_PK\" <= $\(count + 2) ORDER BY t.\"Z_PK\" LIMIT \(limit)"
        return (try keys(sql, query.binds + [.bigint(after), .bigint(highest)]), highest)
    }

    /// The query with the whole predicate in SQL when Swift would filter only rows that SQL
    /// can tell apart (a search for ASCII text keeps every row beyond ASCII for Swift) and the
    /// fetch keeps none of them: one look whether any exists, instead of reading every row the
    /// condition keeps into a model for Swift to decide and to count or take a page of.
    private func decided<T: PersistentModel>(_ query: PostgresFetchQuery, _ request: StoreFetchRequest<T>,
                                             _ mapping: PostgresEntityMapping) throws -> PostgresFetchQuery {
        guard let undecided = query.undecided, !query.outcome.mergesPendingChanges else { return query }
        let sql = "SELECT EXISTS (SELECT 1 FROM \(PostgresDialect.quote(mapping.table.name)) AS t"
            + (query.condition.map { " WHERE (\($0)) AND" } ?? " WHERE") + " (\(undecided)))"
        let rows = try connections.withSession { session in try session.query(sql, query.binds) }
        guard case .boolean(false) = rows.first?[0] else { return query }
        return try PostgresFetchQuery(request, mapping: mapping, decided: true)
    }

    package func explain<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> FetchExplanation {
        let mapping = try mapping(for: T._$entityName)
        var query = try PostgresFetchQuery(request, mapping: mapping)
        if query.hasWindow { query = try decided(query, request, mapping) }
        return FetchExplanation(sql: mapping.selectSQL + query.whereClause + query.orderAndWindow, arguments: query.binds.map(\.description),
                                outcome: query.outcome, reasons: query.reasons)
    }

    package func fetchRows(of entity: Schema.Entity, keys: [Int64], properties: [Int]?, editingState: EditingState,
                           row body: (inout StoreRow) throws -> Void) throws {
        let keys = keys.filter { $0 > 0 }
        guard !keys.isEmpty else { return }
        let mapping = try mapping(for: entity.name)
        if keys.count == 1 {
            return try rows(of: mapping, sql: mapping.selectSQL + " WHERE t.\"Z_PK\" = $1", binds: [.bigint(keys[0])], body)
        }
        try rows(of: mapping, sql: mapping.selectSQL + " WHERE t.\"Z_PK\" IN \(PostgresDialect.keysParameter)", binds: [Self.keyArray(keys)], body)
    }

    // MARK: Relationships and attributes

    package func relatedKey(of key: Int64, entity: Schema.Entity, relationship: Schema.Relationship,
                            editingState: EditingState) throws -> Int64? {
        let mapping = try mapping(for: entity.name)
        let sql: String
        if mapping.table.columns.contains(relationship.name) {
            sql = "SELECT \(PostgresDialect.quote(relationship.name)) FROM \(PostgresDialect.quote(mapping.table.name)) WHERE \"Z_PK\" = $1"
        } else if let foreign = mapping.foreignRelationships.first(where: { $0.name == relationship.name }),
                  case let .inverseKeyToOne(column) = foreign.source {
            sql = "SELECT \"Z_PK\" FROM \(PostgresDialect.quote(foreign.destination)) WHERE \(PostgresDialect.quote(column)) = $1 ORDER BY \"Z_PK\" LIMIT 1"
        } else {
            return nil
        }
        return try keys(sql, [.bigint(key)]).first
    }

    package func fetchRelated(of key: Int64, entity: Schema.Entity, relationship: Schema.Relationship, editingState: EditingState,
                              row body: (inout StoreRow) throws -> Void) throws {
        try prefetch(relationship, of: [key], entity: entity, editingState: editingState) { _, row in try body(&row) }
    }

    package func prefetch(_ relationship: Schema.Relationship, of owners: [Int64], entity: Schema.Entity, editingState: EditingState,
                          row body: (_ owner: Int64, inout StoreRow) throws -> Void) throws {
        let mapping = try mapping(for: entity.name)
        let destination = try self.mapping(for: relationship.destination)
        let ownerKeys = Self.keyArray(owners)
        let columns = destination.table.columns.map { "t.\(PostgresDialect.quote($0))" }
        let select = "SELECT " + (["t.\"Z_PK\""] + columns).joined(separator: ", ")
        let ownerColumn = Int32(columns.count + 1)
        if mapping.table.columns.contains(relationship.name) {
            // A to-one destination lands in the identity map; its owner is not needed.
            let sql = destination.selectSQL + " WHERE t.\"Z_PK\" IN (SELECT \(PostgresDialect.quote(relationship.name)) FROM "
                + "\(PostgresDialect.quote(mapping.table.name)) WHERE \"Z_PK\" IN \(PostgresDialect.keysParameter))"
            return try rows(of: destination, sql: sql, binds: [ownerKeys]) { row in try body(0, &row) }
        }
        guard let foreign = mapping.foreignRelationships.first(where: { $0.name == relationship.name }) else { return }
        let sql: String
        switch foreign.source {
        case let .inverseKey(column, orderColumn):
            let owner = "t.\(PostgresDialect.quote(column))"
            sql = "\(select), \(owner) FROM \(PostgresDialect.quote(destination.table.name)) AS t WHERE \(owner) IN \(PostgresDialect.keysParameter) "
                + "ORDER BY \(owner), t.\(PostgresDialect.quote(orderColumn)) NULLS LAST, t.\"Z_PK\""
        case let .inverseKeyToOne(column):
            let owner = "t.\(PostgresDialect.quote(column))"
            sql = "\(select), \(owner) FROM \(PostgresDialect.quote(destination.table.name)) AS t WHERE \(owner) IN \(PostgresDialect.keysParameter) "
                + "ORDER BY \(owner), t.\"Z_PK\""
        case let .joinTable(table):
            let own = "j.\(PostgresDialect.quote(table.ownColumn))"
            sql = "\(select), \(own) FROM \(PostgresDialect.quote(destination.table.name)) AS t JOIN \(PostgresDialect.quote(table.name)) AS j "
                + "ON j.\(PostgresDialect.quote(table.otherColumn)) = t.\"Z_PK\" WHERE \(own) IN \(PostgresDialect.keysParameter) "
                + "ORDER BY \(own), j.\(PostgresDialect.quote(table.orderColumn)) NULLS LAST, t.\"Z_PK\""
        }
        let source = PostgresRowSource()
        try rows(of: destination, sql: sql, binds: [ownerKeys], source: source) { row in
            guard let owner = try source.integer(at: ownerColumn) else { return }
            try body(owner, &row)
        }
    }

    package func attributeValue(of key: Int64, entity: Schema.Entity, attribute: Schema.Attribute) throws -> StoredValue? {
        let mapping = try mapping(for: entity.name)
        let sql = "SELECT \(PostgresDialect.quote(attribute.name)) FROM \(PostgresDialect.quote(mapping.table.name)) WHERE \"Z_PK\" = $1"
        let rows = try connections.withSession { session in try session.rawRows(sql, [.bigint(key)]) }
        guard let first = rows.first else { return nil }
        let source = PostgresRowSource()
        source.load(first, key: key)
        return source.storedValue(at: 0)
    }

    package func keys(holding values: [[StoredValue]], of constraint: [String], entity: Schema.Entity) throws -> [Int64] {
        let mapping = try mapping(for: entity.name)
        var found: [Int64] = []
        for key in values where !key.contains(.null) {
            var binds: [PostgresValue] = []
            for (name, value) in zip(constraint, key) {
                binds.append(try bind(value, of: name, in: mapping))
            }
            let condition = constraint.indices.map { "\(PostgresDialect.quote(constraint[$0])) = $\($0 + 1)" }.joined(separator: " AND ")
            found += try keys("SELECT \"Z_PK\" FROM \(PostgresDialect.quote(mapping.table.name)) WHERE \(condition)", binds)
        }
        return found
    }

    /// A stored value as the bind of the column `name` holds it in.
    func bind(_ value: StoredValue, of name: String, in mapping: PostgresEntityMapping) throws -> PostgresValue {
        guard let index = mapping.table.columns.firstIndex(of: name) else { return .null }
        switch mapping.columns[index] {
        case .toOne:
            if case .integer(let key) = value { return .bigint(key) }
            return .null
        case let .attribute(attribute, codec):
            return try codec.encode(try attribute.value(of: DefaultSnapshot.Value(value), entity: mapping.entityName))
        }
    }

    // MARK: Rows

    /// The first column of each row of a query, as keys.
    func keys(_ sql: String, _ binds: [PostgresValue]) throws -> [Int64] {
        let rows = try connections.withSession { session in try session.query(sql, binds) }
        return rows.compactMap { row in
            guard case let .bigint(key) = row[0] else { return nil }
            return key
        }
    }

    /// Runs a query of the entity's columns (`Z_PK` first, then ``PostgresEntityTable/columns``)
    /// and hands each row to `body`.
    func rows(of mapping: PostgresEntityMapping, sql: String, binds: [PostgresValue], source: PostgresRowSource = PostgresRowSource(),
              _ body: (inout StoreRow) throws -> Void) throws {
        try deliver(try connections.withSession { session in try session.rawRows(sql, binds) }, of: mapping, source: source, body)
    }

    /// Hands each row of `result` to `body`.
    private func deliver(_ result: [PostgresRow], of mapping: PostgresEntityMapping, source: PostgresRowSource,
                         _ body: (inout StoreRow) throws -> Void) throws {
        guard !result.isEmpty else { return }
        let generation = generations.add(1, ordering: .relaxed).newValue
        var row = StoreRow(key: 0, entity: mapping.entity,
                           reader: _ModelReader(row: source, columns: mapping.readerColumns, entityName: mapping.entityName),
                           generation: generation)
        for cells in result {
            guard let key = Self.key(of: cells) else { continue }
            source.load(cells, key: key)
            row.key = key
            row.reader.rewind()
            try body(&row)
        }
    }

    /// The row's last cell, a count.
    private static func lastCount(of row: PostgresRow) -> Int64? {
        var last: PostgresCell?
        for cell in row { last = cell }
        return try? last?.decode(Int64.self)
    }

    /// The row's `Z_PK`, its first cell.
    private static func key(of row: PostgresRow) -> Int64? {
        guard let cell = row.first, let bytes = cell.bytes else { return nil }
        if cell.format == .binary, bytes.readableBytes == 8 { return bytes.getInteger(at: bytes.readerIndex, as: Int64.self) }
        return try? cell.decode(Int64.self)
    }

    /// Keys as one bind, a `bigint[]` literal (cast in the statement).
    static func keyArray(_ keys: [Int64]) -> PostgresValue {
        .array(.bigint, keys.map(PostgresValue.bigint))
    }
}
#endif
