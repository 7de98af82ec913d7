import Foundation
import GRDB

/// How a fetch runs: the SQL it sends, and what is left to do in Swift on the rows
/// that come back (a predicate or sort SQL cannot express, or a window that must be
/// applied after merging the context's unsaved changes).
struct QueryPlan {
    var sql: String
    var arguments: [DatabaseValue] = []
    /// The result column of each property (see `_ModelReader`).
    var columns: [Int32]
    var isPartial = false
    /// `SELECT t."Z_PK"` with the same clauses, window included.
    var identifierSQL: String
    /// The count of the fetch's results, when SQL alone gives it.
    var countSQL: String?
    /// `FROM ... WHERE ...` of the predicate's SQL part, for statements built on it.
    var fromWhere: SQLFragment
    /// The terms of the ORDER BY clause, when SQL sorts; and the joins they read through.
    var orderTerms: String?
    var sortJoins = ""
    /// A `fetchLimit` or `fetchOffset` narrows the results.
    var hasWindow: Bool
    var filtersInSwift: Bool
    var sortsInSwift: Bool
    var windowsInSwift: Bool
    /// The context's unsaved inserts, changes or deletes of the fetched entity are merged in Swift.
    var mergesPendingChanges: Bool
    /// The SQL calls `SQLFunctions`.
    var usesFunctions = false
    /// Why parts run in Swift.
    var reasons: [String] = []

    /// True when the SQL alone returns the fetch's results, in order.
    var isSQLOnly: Bool { !filtersInSwift && !sortsInSwift && !windowsInSwift && !mergesPendingChanges }

    /// - Parameter pendingTables: the entities with unsaved changes that the fetch must reflect.
    init<T: PersistentModel>(descriptor: FetchDescriptor<T>, table: EntityTable, store: SQLiteStore, pendingTables: Set<String> = []) throws {
        var select = table.selectSQL
        columns = table.columnForProperty
        // A fetch that may return subentities reads whole rows, whose entity decides their columns.
        if !descriptor.propertiesToFetch.isEmpty && table.entityColumn < 0 {
            (select, columns) = QueryPlan.partialSelect(table, descriptor.propertiesToFetch.map { $0 as AnyKeyPath })
            isPartial = columns.count(where: { $0 >= 0 }) < table.columnForProperty.count(where: { $0 >= 0 })
        }
        let translation = try descriptor.predicate.map { try PredicateTranslator.translate($0, table: table, store: store) }
        let sort = descriptor.sortBy.isEmpty ? nil : SortTranslator.translate(descriptor.sortBy, table: table)
        mergesPendingChanges = pendingTables.contains(table.name)
        let related = (translation?.touchedTables ?? []).union(sort?.touchedTables ?? [])
        let relatedPending = !pendingTables.isDisjoint(with: related)

        var whereClause = translation?.whereClause
        filtersInSwift = translation.map { !$0.isComplete } ?? false
        reasons = translation?.reasons ?? []
        if relatedPending, translation != nil {
            // The SQL would read the stored state of models this context has changed.
            whereClause = nil
            filtersInSwift = true
            reasons.append("unsaved changes to related models in this context")
        }
        // Installing SQLFunctions is one lookup once they are there; sorts may need the decimal collation.
        usesFunctions = whereClause != nil || sort?.orderBy != nil
        if let reason = sort?.reason { reasons.append(reason) }
        let orderClause = relatedPending ? nil : sort?.orderBy
        sortsInSwift = !descriptor.sortBy.isEmpty && (orderClause == nil || mergesPendingChanges)
        let offset = max(descriptor.fetchOffset ?? 0, 0)
        hasWindow = descriptor.fetchLimit != nil || offset > 0
        windowsInSwift = hasWindow && (filtersInSwift || sortsInSwift || mergesPendingChanges)

        let from = " FROM \(table.name.quotedIdentifier) AS t"
        fromWhere = SQLFragment(sql: from)
        // A subentity's rows are those of its root's table that name it or an entity below it.
        if let entityFilter = table.entityFilter {
            let filter = SQLFragment(sql: entityFilter)
            let base = fromWhere
            if let whereClause {
                fromWhere = "\(base) WHERE \(filter) AND (\(whereClause))"
            } else {
                fromWhere = "\(base) WHERE \(filter)"
            }
        } else if let whereClause {
            fromWhere = "\(fromWhere) WHERE \(whereClause)"
        }
        arguments = fromWhere.arguments
        let joins = (orderClause != nil && !sortsInSwift) ? (sort?.joins ?? "") : ""
        if !sortsInSwift {
            orderTerms = orderClause
            sortJoins = joins
        }
        var tail = joins + String(fromWhere.sql.dropFirst(from.count))
        if let orderClause, !sortsInSwift { tail += " ORDER BY " + orderClause }
        var window = ""
        if hasWindow && !windowsInSwift {
            window = " LIMIT \(descriptor.fetchLimit.map { max($0, 0) }.map(String.init) ?? "-1") OFFSET \(offset)"
        }
        tail += window
        sql = select + tail
        identifierSQL = "SELECT t.\"Z_PK\"" + from + tail
        if !filtersInSwift && !mergesPendingChanges {
            countSQL = window.isEmpty
                ? "SELECT count(*)" + fromWhere.sql
                : "SELECT count(*) FROM (SELECT 1" + fromWhere.sql + window + ")"
        }
    }

    /// A SELECT of only the requested attributes (and every to-one key, which is cheap
    /// and keeps relationships navigable, and every `let`, which cannot load later).
    static func partialSelect(_ table: EntityTable, _ keyPaths: [AnyKeyPath]) -> (String, [Int32]) {
        let wanted = Set(keyPaths.compactMap { table.entity.storedPropertiesByKeyPath[$0]?.index })
        let columns = partialColumns(table, properties: wanted)
        return (partialSelectSQL(table, columns), columns)
    }

    /// The result column of each property in a partial SELECT of the `wanted` ones (by
    /// index), to-one keys and `let`s, or -1 for a property it leaves out.
    static func partialColumns(_ table: EntityTable, properties wanted: Set<Int>) -> [Int32] {
        var count: Int32 = 0
        return table.entity.persistedProperties.map { property in
            let hasColumn = table.columnForProperty[property.index] >= 0
            let isToOne = property.relationship?.isToOneRelationship == true
            guard hasColumn && (wanted.contains(property.index) || isToOne || property.isConstant) else { return -1 }
            count += 1
            return count
        }
    }

    /// The SELECT that `partialSelect` made for these columns.
    static func partialSelectSQL(_ table: EntityTable, _ columns: [Int32]) -> String {
        var names = ["\"Z_PK\""]
        for property in table.entity.persistedProperties where columns[property.index] >= 0 {
            names.append(property.name.quotedIdentifier)
        }
        return "SELECT " + names.map { "t." + $0 }.joined(separator: ", ") + " FROM \(table.name.quotedIdentifier) AS t"
    }

    /// Says once per distinct reason, through swift-log, that part of a fetch runs in Swift.
    func logFallback(entity: String) {
        guard !reasons.isEmpty else { return }
        let message = "\(entity) fetch evaluates in Swift: " + reasons.joined(separator: "; ")
        QueryPlan.lock.lock()
        let isNew = QueryPlan.logged.insert(message).inserted
        QueryPlan.lock.unlock()
        if isNew { Log.logger.info("\(message) (SQL: \(sql))") }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var logged: Set<String> = []
}
