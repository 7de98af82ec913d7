#if PostgreSQL
/// One row of a query's result: its values in column order, readable by position
/// or by column name.
public struct PostgresResultRow: Sendable, Hashable {
    /// The result's column names, in order.
    public let columns: [String]
    public let values: [PostgresValue]

    public init(columns: [String], values: [PostgresValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the column at a position; `.null` past the last column.
    public subscript(index: Int) -> PostgresValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// The value of the first column of this name, or nil when the result has none.
    public subscript(column: String) -> PostgresValue? {
        columns.firstIndex(of: column).map { values[$0] }
    }
}
#endif
