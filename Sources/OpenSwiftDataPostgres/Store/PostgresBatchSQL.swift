/// The multi-row statements a save sends, so that a save of many models costs a few
/// round trips to the server rather than one per model: each round trip waits for the
/// server, and on a loaded machine for a time slice, where the work per row is
/// microseconds.
enum PostgresBatchSQL {
    /// Rows per statement: enough to make the round trip negligible, few enough that
    /// the statement stays small and within the protocol's 65,535 binds.
    static func rowsPerStatement(bindsPerRow: Int) -> Int {
        max(1, min(1_000, 65_535 / max(1, bindsPerRow)))
    }

    /// `INSERT` of `rows` rows with their `Z_PK` given (bound first in each row, then
    /// ``PostgresEntityTable/columns``). With `conflictKey`, a row whose value of that
    /// unique key a row already has (or an earlier row of the same statement) is
    /// skipped, and the statement returns the `Z_PK` of the rows it wrote.
    static func insert(into table: PostgresEntityTable, rows: Int, skippingConflictsOn conflictKey: [String]?) -> String {
        let columns = ([PostgresDialect.quote("Z_PK")] + table.columns.map(PostgresDialect.quote)).joined(separator: ", ")
        var sql = "INSERT INTO \(PostgresDialect.quote(table.name)) (\(columns)) VALUES "
        sql += values(rows: rows, columns: table.columns.count + 1, types: nil)
        if let conflictKey {
            sql += " ON CONFLICT (\(conflictKey.map(PostgresDialect.quote).joined(separator: ", "))) DO NOTHING"
            sql += " RETURNING \(PostgresDialect.quote("Z_PK"))"
        }
        return sql
    }

    /// `UPDATE` of `columns` of `rows` rows of `table`, each bound as its `Z_PK` then
    /// the columns in order. `types` are the columns' SQL types: a list of values takes
    /// its types from its binds, and a NULL bind has none.
    static func update(_ table: String, columns: [String], types: [String], rows: Int) -> String {
        let names = columns.map(PostgresDialect.quote)
        let key = PostgresDialect.quote("Z_PK")
        let sets = names.map { "\($0) = v.\($0)" }.joined(separator: ", ")
        return "UPDATE \(PostgresDialect.quote(table)) AS t SET \(sets) FROM (VALUES "
            + values(rows: rows, columns: names.count + 1, types: [PostgresDialect.keyColumnType] + types)
            + ") AS v(\(([key] + names).joined(separator: ", "))) WHERE t.\(key) = v.\(key)"
    }

    /// `($1, $2), ($3, $4)`, each placeholder cast to its type when `types` are given.
    private static func values(rows: Int, columns: Int, types: [String]?) -> String {
        var sql = ""
        sql.reserveCapacity(rows * columns * 8)
        var bind = 0
        for row in 0..<rows {
            sql += row == 0 ? "(" : ", ("
            for column in 0..<columns {
                bind += 1
                if column > 0 { sql += ", " }
                sql += PostgresDialect.placeholder(bind)
                if let types { sql += "::" + types[column] }
            }
            sql += ")"
        }
        return sql
    }
}
