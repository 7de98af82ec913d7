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
    var countSQL: String?
    var filtersInSwift: Bool
    var sortsInSwift: Bool
    var windowsInSwift: Bool

    init<T: PersistentModel>(descriptor: FetchDescriptor<T>, table: EntityTable, mergesPendingChanges: Bool) {
        var select = table.selectSQL
        columns = table.columnForProperty
        if !descriptor.propertiesToFetch.isEmpty {
            (select, columns) = QueryPlan.partialSelect(table, descriptor.propertiesToFetch.map { $0 as AnyKeyPath })
            isPartial = columns.count(where: { $0 >= 0 }) < table.columnForProperty.count(where: { $0 >= 0 })
        }
        var whereClause: SQLFragment?
        if let predicate = descriptor.predicate {
            whereClause = PredicateTranslator(table: table).translate(predicate)
        }
        let orderClause = descriptor.sortBy.isEmpty ? nil : SortTranslator(table: table).translate(descriptor.sortBy)
        filtersInSwift = descriptor.predicate != nil && whereClause == nil
        sortsInSwift = !descriptor.sortBy.isEmpty && (orderClause == nil || filtersInSwift || mergesPendingChanges)
        let hasWindow = descriptor.fetchLimit != nil || (descriptor.fetchOffset ?? 0) > 0
        windowsInSwift = hasWindow && (filtersInSwift || sortsInSwift || mergesPendingChanges)

        sql = select
        if let whereClause {
            sql += " WHERE " + whereClause.sql
            arguments = whereClause.arguments
        }
        if let orderClause, !sortsInSwift { sql += " ORDER BY " + orderClause.sql; arguments += orderClause.arguments }
        if hasWindow && !windowsInSwift {
            sql += " LIMIT \(descriptor.fetchLimit.map(String.init) ?? "-1") OFFSET \(descriptor.fetchOffset ?? 0)"
        }
        if !filtersInSwift && !mergesPendingChanges && !hasWindow {
            countSQL = "SELECT count(*) FROM \(table.name.quotedIdentifier) AS t" + (whereClause.map { " WHERE " + $0.sql } ?? "")
        }
    }

    /// A SELECT of only the requested attributes (and every to-one key, which is cheap
    /// and keeps relationships navigable).
    static func partialSelect(_ table: EntityTable, _ keyPaths: [AnyKeyPath]) -> (String, [Int32]) {
        let wanted = Set(keyPaths.compactMap { table.entity.storedPropertiesByKeyPath[$0]?.index })
        var names = ["\"Z_PK\""]
        var columns: [Int32] = []
        for property in table.entity.storedProperties {
            let hasColumn = table.columnForProperty[property.index] >= 0
            let isToOne = property.relationship?.isToOneRelationship == true
            if hasColumn && (wanted.contains(property.index) || isToOne) {
                names.append(property.name.quotedIdentifier)
                columns.append(Int32(names.count - 1))
            } else {
                columns.append(-1)
            }
        }
        return ("SELECT " + names.map { "t." + $0 }.joined(separator: ", ") + " FROM \(table.name.quotedIdentifier) AS t", columns)
    }
}

/// A piece of SQL with its arguments.
struct SQLFragment {
    var sql: String
    var arguments: [DatabaseValue] = []
}
