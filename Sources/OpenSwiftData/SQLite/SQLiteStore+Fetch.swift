import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

// Fetching: the descriptor's predicate and sort as SQL (see `QueryPlan`), and each row
// handed to the context straight from its statement.
extension SQLiteStore {
    func fetch<T: PersistentModel>(_ request: StoreFetchRequest<T>, row body: (inout StoreRow) throws -> Void) throws -> StoreFetchOutcome {
        let table = try table(for: T.self)
        let plan = try queryPlan(request, table: table)
        plan.logFallback(entity: table.name)
        try rows(of: table, sql: plan.sql, arguments: plan.arguments, columns: plan.columns, isPartial: plan.isPartial,
                 usesFunctions: plan.usesFunctions, body)
        return StoreFetchOutcome(mergesPendingChanges: plan.mergesPendingChanges, filtersInSwift: plan.filtersInSwift,
                                 sortsInSwift: plan.sortsInSwift, windowsInSwift: plan.windowsInSwift)
    }

    func count<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> Int? {
        let plan = try queryPlan(request, table: table(for: T.self))
        guard let countSQL = plan.countSQL else { return nil }
        return try read { db in
            if plan.usesFunctions { SQLFunctions.install(in: db) }
            return try Int.fetchOne(db, sql: countSQL, arguments: StatementArguments(plan.arguments)) ?? 0
        }
    }

    func keys<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> [Int64]? {
        let plan = try queryPlan(request, table: table(for: T.self))
        guard plan.isSQLOnly else { return nil }
        return try keys(sql: plan.identifierSQL, arguments: plan.arguments, usesFunctions: plan.usesFunctions)
    }

    func keys<T: PersistentModel>(_ request: StoreFetchRequest<T>, after: Int64, through highest: Int64?,
                                  limit: Int) throws -> (keys: [Int64], highest: Int64)? {
        let descriptor = request.descriptor
        guard descriptor.sortBy.isEmpty, descriptor.fetchLimit == nil, (descriptor.fetchOffset ?? 0) <= 0 else { return nil }
        let table = try table(for: T.self)
        let plan = try queryPlan(request, table: table)
        guard plan.isSQLOnly else { return nil }
        // Rows saved after the enumeration began (by its own block, say) are not visited,
        // as they would not be had every key been read first: keys stop at the first page's highest.
        let highest = try highest ?? keys(sql: "SELECT max(\"Z_PK\") FROM \(table.name.quotedIdentifier)", arguments: []).first ?? 0
        let sql = "SELECT \"Z_PK\" FROM (SELECT t.\"Z_PK\" AS \"Z_PK\"" + plan.fromWhere.sql
            + ") WHERE \"Z_PK\" > ? AND \"Z_PK\" <= ? ORDER BY \"Z_PK\" LIMIT \(limit)"
        let page = try keys(sql: sql, arguments: plan.arguments + [after.databaseValue, highest.databaseValue], usesFunctions: plan.usesFunctions)
        return (page, highest)
    }

    func explain<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> FetchExplanation {
        FetchExplanation(try queryPlan(request, table: table(for: T.self)))
    }

    func fetchRows(of entity: Schema.Entity, keys: [Int64], properties: [Int]?, editingState: EditingState,
                   row body: (inout StoreRow) throws -> Void) throws {
        guard !keys.isEmpty, let table = table(named: entity.name) else { return }
        var select = table.selectSQL
        var columns = table.columnForProperty
        var isPartial = false
        if let properties, table.entityColumn < 0 {
            columns = QueryPlan.partialColumns(table, properties: Set(properties))
            select = QueryPlan.partialSelectSQL(table, columns)
            isPartial = columns.count(where: { $0 >= 0 }) < table.columnForProperty.count(where: { $0 >= 0 })
        }
        if keys.count == 1 {
            return try rows(of: table, sql: select + " WHERE t.\"Z_PK\" = ?", arguments: [keys[0].databaseValue],
                            columns: columns, isPartial: isPartial, body)
        }
        try rows(of: table, sql: select + " WHERE t.\"Z_PK\" IN (SELECT value FROM json_each(?))", arguments: [JSONArgument.ids(keys)],
                 columns: columns, isPartial: isPartial, body)
    }

    /// How a fetch of `table` runs: the SQL, and what it leaves to the context.
    func queryPlan<T: PersistentModel>(_ request: StoreFetchRequest<T>, table: EntityTable) throws -> QueryPlan {
        try QueryPlan(descriptor: request.descriptor, table: table, store: self, pendingTables: request.pendingEntities)
    }

    /// The first column of each row of a SELECT.
    func keys(sql: String, arguments: [DatabaseValue], usesFunctions: Bool = false) throws -> [Int64] {
        try read { db in
            if usesFunctions { SQLFunctions.install(in: db) }
            return try db.rowIDs(sql, arguments: arguments)
        }
    }

    /// Runs a SELECT of `table`'s columns (the key first) and hands each row to `body`.
    /// A table with subentities selects `Z_ENT` too: each row is read with its own
    /// entity's columns.
    func rows(of table: EntityTable, sql: String, arguments: [DatabaseValue], columns: [Int32], isPartial: Bool = false,
              usesFunctions: Bool = false, _ body: (inout StoreRow) throws -> Void) throws {
        try read { db in
            if usesFunctions { SQLFunctions.install(in: db) }
            try db.withStatement(sql) { statement in
                db.bind(arguments, to: statement)
                let generation = try generation(seenBy: db)
                // One reader for every row, rewound per row: creating one per row
                // retained and released its column list and entity name each time.
                var row = StoreRow(key: 0, entity: table.entity,
                                   reader: _ModelReader(statement: statement, columns: columns, entityName: table.name),
                                   generation: generation, isPartial: isPartial)
                guard table.entityColumn >= 0 else {
                    while try db.step(statement) {
                        row.key = sqlite3_column_int64(statement, 0)
                        row.reader.rewind()
                        try body(&row)
                    }
                    return
                }
                var readers: [String: (entity: Schema.Entity, reader: _ModelReader)] = [table.entity.name: (table.entity, row.reader)]
                let rootName = table.family[0].rootEntity.name
                while try db.step(statement) {
                    row.key = sqlite3_column_int64(statement, 0)
                    let entityName = sqlite3_column_text(statement, table.entityColumn).map { String(cString: $0) } ?? rootName
                    if entityName != row.entity.name {
                        if readers[entityName] == nil {
                            guard let member = table.family.first(where: { $0.name == entityName }),
                                  let memberColumns = table.columnsByEntity[entityName] else {
                                throw OpenSwiftDataError.corruptValue(entity: table.entity.name, property: "Z_ENT",
                                                                      reason: "row \(row.key) is of the entity \"\(entityName)\", which is not \(table.entity.name) or one of its subentities in this schema")
                            }
                            readers[entityName] = (member, _ModelReader(statement: statement, columns: memberColumns, entityName: entityName))
                        }
                        if let entry = readers[entityName] {
                            row.entity = entry.entity
                            row.reader = entry.reader
                        }
                    }
                    row.reader.rewind()
                    try body(&row)
                }
            }
        }
    }
}

/// A list of row ids as one JSON argument, read with `json_each(?)`, so that one
/// prepared statement serves any number of ids.
enum JSONArgument {
    static func ids(_ ids: [Int64]) -> DatabaseValue {
        ("[" + ids.map(String.init).joined(separator: ",") + "]").databaseValue
    }
}
