extension EntityTable {
    /// An insert of several rows in one statement, each row with its key given.
    ///
    /// SQLite runs a statement's fixed work (opening a cursor on the table and on each
    /// index, reading and writing the table's `sqlite_sequence` entry, which
    /// `AUTOINCREMENT` keeps) once a statement, not once a row; a save that inserts many
    /// models of one entity pays it once for every `rows` of them.
    ///
    /// It is an `INSERT OR FAIL`: a statement that may abort after writing some of its
    /// rows makes SQLite keep a statement journal, a copy of every page the statement
    /// changes that the transaction had changed before, so that the statement alone can
    /// be undone. A failing batch instead leaves the rows before the failure, which the
    /// store deletes (a unique key met) or the save's transaction rolls back (any other
    /// error). The journal cost a quarter of W1's instructions (BENCHMARKS, session 33).
    struct BatchInsert {
        let rows: Int
        let sql: String
        /// For each row: the statement parameter of each property, or -1 when it has no
        /// column (as `columnForProperty`, moved to the row's place in the statement).
        let parameters: [[Int32]]
        /// For each row: the parameter of its key.
        let keyParameters: [Int32]
    }

    /// The rows a batch insert writes at once: enough that the statement's fixed cost
    /// is small beside its rows', within SQLite's least limit on a statement's
    /// parameters (999, before SQLite 3.32).
    var rowsPerBatchInsert: Int {
        min(32, 999 / (columns.count + 1))
    }

    /// A batch insert of `rows` rows; nil when the table has no columns of its own
    /// (its rows are inserted one at a time, with `DEFAULT VALUES`).
    func batchInsert(rows: Int) -> BatchInsert? {
        guard !columns.isEmpty, rows > 1 else { return nil }
        let width = Int32(columns.count + 1)
        let entityLiteral = hasEntityColumn ? [entity.name.quotedLiteral] : []
        let columnList = (columns.map(\.quotedIdentifier) + (hasEntityColumn ? ["\"Z_ENT\""] : []) + ["\"Z_PK\""]).joined(separator: ", ")
        var parameters: [[Int32]] = []
        var keyParameters: [Int32] = []
        var values: [String] = []
        for row in 0..<Int32(rows) {
            let base = row * width
            parameters.append(columnForProperty.map { $0 > 0 ? $0 + base : $0 })
            keyParameters.append(base + width)
            let placeholders = (1..<width).map { "?\(base + $0)" } + entityLiteral + ["?\(base + width)"]
            values.append("(" + placeholders.joined(separator: ", ") + ")")
        }
        let sql = "INSERT OR FAIL INTO \(name.quotedIdentifier) (\(columnList)) VALUES " + values.joined(separator: ", ")
        return BatchInsert(rows: rows, sql: sql, parameters: parameters, keyParameters: keyParameters)
    }
}
