import Foundation
import GRDB

// Aggregates and batch updates in one statement each.
extension SQLiteStore {
    func aggregate<T: PersistentModel>(_ aggregate: StoreAggregate<T>) throws -> [(group: StoredValue, value: StoredValue)]? {
        let table = try table(for: T.self)
        let plan = try queryPlan(aggregate.request, table: table)
        let function = aggregate.function
        let valueInSQL: Bool = {
            if function == .count { return true }
            guard let codec = aggregate.value?.codec, codec.kind == .primitive else { return false }
            let kind = SQLTranslationContext.primitiveKind(codec.storedType)
            // Decimals are summed, and ordered for MIN and MAX, exactly by SQLFunctions.
            switch function {
            case .sum: return kind == .integer || kind == .real || kind == .decimal
            case .average: return kind == .integer || kind == .real
            default: return kind != .boolean && kind != .json
            }
        }()
        guard !plan.filtersInSwift, !plan.mergesPendingChanges, valueInSQL else { return nil }
        let isDecimal = aggregate.value?.codec.isDecimal == true
        let column = function == .count ? "*" : "t.\(aggregate.value?.name.quotedIdentifier ?? "*")"
        let call = switch (function, isDecimal) {
        case (.sum, true): "\(SQLFunctions.decimalSum)(\(column))"
        case (_, true): "\(function.rawValue)(\(column) COLLATE \(SQLFunctions.decimalCollation))"
        default: "\(function.rawValue)(\(column))"
        }
        let group = aggregate.group.map { "t.\($0.name.quotedIdentifier)" } ?? "NULL"
        let sql = "SELECT \(group), \(call)" + plan.fromWhere.sql + (aggregate.group == nil ? "" : " GROUP BY \(group)")
        let rows = try read { db in
            if plan.usesFunctions || isDecimal { SQLFunctions.install(in: db) }
            return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(plan.arguments))
        }
        return rows.compactMap { row in
            let value = StoredValue(row[1] as DatabaseValue)
            // Over no rows, SQL's MIN, MAX and AVG are NULL: no value, rather than one.
            if aggregate.group == nil, function != .count, function != .sum, value.isNull { return nil }
            return (StoredValue(row[0] as DatabaseValue), value)
        }
    }

    func batchUpdate<T: PersistentModel>(_ request: StoreFetchRequest<T>, keys: [Int64]?,
                                         setting values: [(attribute: Schema.Attribute, value: StoredValue)], author: String?) throws -> [Int64]? {
        guard configuration.allowsSave else { throw OpenSwiftDataError.saveNotAllowed(configuration: configuration.name) }
        let table = try table(for: T.self)
        let assignments = values.map { "\($0.attribute.name.quotedIdentifier) = ?" }.joined(separator: ", ")
        var names: [String] = []
        for (attribute, _) in values where !names.contains(attribute.name) { names.append(attribute.name) }
        let plan = try queryPlan(request, table: table)
        if keys == nil, plan.filtersInSwift { return nil }
        let prefix = "UPDATE \(table.name.quotedIdentifier) SET \(assignments) WHERE \"Z_PK\" IN "
        let sql: String
        let arguments: [DatabaseValue]
        if let keys {
            sql = prefix + "(SELECT value FROM json_each(?)) RETURNING \"Z_PK\""
            arguments = values.map(\.value.databaseValue) + [JSONArgument.ids(keys)]
        } else {
            sql = prefix + "(SELECT t.\"Z_PK\"" + plan.fromWhere.sql + ") RETURNING \"Z_PK\""
            arguments = values.map(\.value.databaseValue) + plan.arguments
        }
        do {
            return try write(touching: [table.name]) { db in
                var history = try HistoryRecorder(store: self, author: author, db)
                if plan.usesFunctions { SQLFunctions.install(in: db) }
                let rowIDs = try Int64.fetchAll(db, sql: sql, arguments: StatementArguments(arguments))
                try history.recordUpdates(entity: table.name, rowIDs: rowIDs, properties: names, db)
                try history.finish(db)
                return rowIDs
            }
        } catch {
            throw OpenSwiftDataError.wrap(error)
        }
    }
}
