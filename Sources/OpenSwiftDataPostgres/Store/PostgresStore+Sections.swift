#if PostgreSQL
import Foundation
import OpenSwiftData

// A sectioned fetch's keys and sections in one statement: a window partitioned by the
// section's column, ordered as the fetch is, numbers each row within its section; only
// the first row of each section carries the section's value.
extension PostgresStore {
    package func sections<T: PersistentModel>(_ request: StoreFetchRequest<T>, by section: Schema.Attribute) throws -> StoreSections? {
        let mapping = try mapping(for: T._$entityName)
        let query = try PostgresFetchQuery(request, mapping: mapping)
        guard query.isSQLOnly, !query.hasWindow else { return nil }
        let column = "t.\(PostgresDialect.quote(section.name))"
        let sql = "SELECT t.\"Z_PK\", row_number() OVER section, CASE WHEN row_number() OVER section = 1 THEN \(column) END"
            + " FROM \(PostgresDialect.quote(mapping.table.name)) AS t" + query.whereClause
            + " WINDOW section AS (PARTITION BY \(column) ORDER BY \(query.orderTerms)) ORDER BY \(query.orderTerms)"
        let rows = try connections.withSession { session in try session.query(sql, query.binds) }
        var sections = StoreSections()
        for row in rows {
            guard case let .bigint(key) = row[0], case let .bigint(number) = row[1] else { continue }
            sections.append(key, startsRun: number == 1, value: {
                if case let .text(title) = row[2] { return .text(title) }
                return .null
            }())
        }
        return sections
    }
}
#endif
