#if PostgreSQL
/// The statements a save sends for many rows at once. Each reads its rows from
/// `unnest` of one array bind per column, so a save of many models costs a statement
/// per entity (per ``rowsPerStatement`` rows) that the server parses once, rather than
/// a round trip per model or statements of thousands of binds: each round trip waits
/// for the server, and on a loaded machine for a time slice, where the work per row is
/// microseconds.
enum PostgresBatchSQL {
    /// Rows per statement: a few round trips for the largest saves, while one
    /// statement's arrays stay a few megabytes.
    static let rowsPerStatement = 10_000

    /// `INSERT` of the rows of `unnest`: `Z_PK`, then ``PostgresEntityTable/columns``
    /// of the given types (see ``binds(keys:rows:types:)``). With `conflictKey`, a row
    /// whose value of that unique key a row already has (or an earlier row of the same
    /// statement) is skipped: the count of rows written says whether any was, and
    /// ``existingKeys(of:)`` which.
    static func insert(into table: PostgresEntityTable, types: [PostgresColumnType], skippingConflictsOn conflictKey: [String]?) -> String {
        let columns = ([PostgresDialect.quote("Z_PK")] + table.columns.map(PostgresDialect.quote)).joined(separator: ", ")
        var sql = "INSERT INTO \(PostgresDialect.quote(table.name)) (\(columns)) SELECT * FROM \(unnest(types))"
        if let conflictKey {
            sql += " ON CONFLICT (\(conflictKey.map(PostgresDialect.quote).joined(separator: ", "))) DO NOTHING"
        }
        return sql
    }

    /// The keys of `$1` (a `BIGINT[]`) that `table` has rows of.
    static func existingKeys(of table: PostgresEntityTable) -> String {
        "SELECT \"Z_PK\" FROM \(PostgresDialect.quote(table.name)) WHERE \"Z_PK\" IN \(PostgresDialect.keysParameter)"
    }

    /// `UPDATE` of `columns` of `table` from the rows of `unnest`: `Z_PK`, then the
    /// columns, of the given types (see ``binds(keys:rows:types:)``).
    static func update(_ table: String, columns: [String], types: [PostgresColumnType]) -> String {
        let names = columns.map(PostgresDialect.quote)
        let key = PostgresDialect.quote("Z_PK")
        let sets = names.map { "\($0) = v.\($0)" }.joined(separator: ", ")
        return "UPDATE \(PostgresDialect.quote(table)) AS t SET \(sets) FROM \(unnest(types)) "
            + "AS v(\(([key] + names).joined(separator: ", "))) WHERE t.\(key) = v.\(key)"
    }

    /// The binds of a statement above: the rows' keys, then each column's values, as arrays.
    static func binds(keys: [Int64], rows: [[PostgresValue]], types: [PostgresColumnType]) -> [PostgresValue] {
        var columns = types.map { _ in [PostgresValue]() }
        for index in columns.indices { columns[index].reserveCapacity(rows.count) }
        for row in rows {
            for (index, value) in row.enumerated() { columns[index].append(value) }
        }
        return [.array(.bigint, keys.map(PostgresValue.bigint))] + zip(types, columns).map { PostgresValue.array($0, $1) }
    }

    /// `unnest($1::BIGINT[], $2::TEXT[], …)`: the key, then each column.
    private static func unnest(_ types: [PostgresColumnType]) -> String {
        let arrays = ([PostgresColumnType.bigint] + types).enumerated().map { "\(PostgresDialect.placeholder($0.offset + 1))::\($0.element.sqlName)[]" }
        return "unnest(" + arrays.joined(separator: ", ") + ")"
    }
}
#endif
