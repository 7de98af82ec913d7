#if PostgreSQL
import Foundation
import OpenSwiftData

// A batch update: one UPDATE of the rows a predicate selects, with its history.
extension PostgresStore {
    package func batchUpdate<T: PersistentModel>(_ request: StoreFetchRequest<T>, keys: [Int64]?,
                                                 setting values: [(attribute: Schema.Attribute, value: StoredValue)],
                                                 author: String?) throws -> [Int64]? {
        let mapping = try mapping(for: T._$entityName)
        let query = try PostgresFetchQuery(request, mapping: mapping)
        if keys == nil, query.outcome.filtersInSwift { return nil }
        var binds = keys == nil ? query.binds : []
        var assignments: [String] = []
        var names: [String] = []
        for (attribute, value) in values {
            binds.append(try bind(value, of: attribute.name, in: mapping))
            assignments.append("\(PostgresDialect.quote(attribute.name)) = $\(binds.count)")
            if !names.contains(attribute.name) { names.append(attribute.name) }
        }
        let condition: String
        if let keys {
            binds.append(PostgresStore.keyArray(keys))
            condition = " WHERE t.\"Z_PK\" = ANY($\(binds.count)::bigint[])"
        } else {
            condition = query.whereClause
        }
        let sql = "UPDATE \(PostgresDialect.quote(mapping.table.name)) AS t SET \(assignments.joined(separator: ", "))"
            + condition + " RETURNING t.\"Z_PK\""
        let updated = try connections.transaction { session in
            let updated = try session.query(sql, binds).compactMap { row -> Int64? in
                if case let .bigint(key) = row[0] { key } else { nil }
            }
            var history = PostgresHistoryRecorder(isRecording: configuration.recordsHistory)
            history.recordUpdates(entity: mapping.entityName, keys: updated, properties: names)
            try history.write(on: session, author: author)
            return updated
        }
        changes.didCommit(touching: [mapping.entityName])
        return updated
    }
}
#endif
