import PostgresNIO

/// Builds one multi-row `INSERT … VALUES (…), (…)` with every value bound, for the
/// tables whose columns may be NULL (PostgresNIO binds no arrays with NULL elements, so
/// `unnest` does not fit them).
struct PostgresRows {
    private var query: PostgresQuery.StringInterpolation
    private var firstInRow = true
    private var rowCount = 0

    init(_ head: String) {
        query = PostgresQuery.StringInterpolation(literalCapacity: head.utf8.count, interpolationCount: 0)
        query.appendLiteral(head + " VALUES ")
    }

    mutating func startRow() {
        query.appendLiteral(rowCount == 0 ? "(" : "), (")
        rowCount += 1
        firstInRow = true
    }

    mutating func add<Value: PostgresDynamicTypeEncodable>(_ value: Value) {
        separate()
        query.appendInterpolation(value)
    }

    mutating func add<Value: PostgresDynamicTypeEncodable>(_ value: Value?) {
        separate()
        query.appendInterpolation(value)
    }

    private mutating func separate() {
        if !firstInRow { query.appendLiteral(", ") }
        firstInRow = false
    }

    /// The statement; nil when no row was added.
    mutating func finish() -> PostgresQuery? {
        guard rowCount > 0 else { return nil }
        query.appendLiteral(")")
        return PostgresQuery(stringInterpolation: query)
    }
}

extension PostgresConnection {
    /// Inserts `rows` in statements of at most `chunk` rows each, built by `write`.
    func insert<Row>(_ rows: [Row], _ head: String, chunk: Int = 1_000, _ write: (Row, inout PostgresRows) -> Void) async throws {
        var start = 0
        while start < rows.count {
            var statement = PostgresRows(head)
            for row in rows[start..<min(start + chunk, rows.count)] {
                statement.startRow()
                write(row, &statement)
            }
            if let query = statement.finish() { _ = try await self.query(query, logger: RawPostgres.logger) }
            start += chunk
        }
    }
}
