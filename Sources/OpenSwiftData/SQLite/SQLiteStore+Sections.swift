import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

// A sectioned fetch's keys and sections in one statement: a window partitioned by the
// section's column, ordered as the fetch is, numbers each row within its section, so
// that the first row of each section is the one numbered 1.
extension SQLiteStore {
    func sections<T: PersistentModel>(_ request: StoreFetchRequest<T>, by section: Schema.Attribute) throws -> StoreSections? {
        let table = try table(for: T.self)
        let plan = try queryPlan(request, table: table)
        guard plan.isSQLOnly, !plan.hasWindow, let order = plan.orderTerms else { return nil }
        let from = " FROM \(table.name.quotedIdentifier) AS t"
        let column = "t.\(section.name.quotedIdentifier)"
        let sql = "SELECT t.\"Z_PK\", row_number() OVER section, \(column)" + from + plan.sortJoins + plan.fromWhere.sql.dropFirst(from.count)
            + " WINDOW section AS (PARTITION BY \(column) ORDER BY \(order)) ORDER BY \(order)"
        return try read { db in
            if plan.usesFunctions { SQLFunctions.install(in: db) }
            return try db.withStatement(sql) { statement in
                db.bind(plan.arguments, to: statement)
                var sections = StoreSections()
                while try db.step(statement) {
                    sections.append(sqlite3_column_int64(statement, 0), startsRun: sqlite3_column_int64(statement, 1) == 1,
                                    value: StoredValue(sqliteStatement: statement, index: 2))
                }
                return sections
            }
        }
    }
}
