#if PostgreSQL
/// The PostgreSQL column type of a stored attribute; each matches one case of
/// ``PostgresValue``.
public enum PostgresColumnType: String, Sendable, Hashable, CaseIterable {
    case bigint = "BIGINT"
    case doublePrecision = "DOUBLE PRECISION"
    case boolean = "BOOLEAN"
    case text = "TEXT"
    case numeric = "NUMERIC"
    case uuid = "UUID"
    case bytea = "BYTEA"
    case jsonb = "JSONB"

    /// The type as it is written in `CREATE TABLE`.
    public var sqlName: String { rawValue }

    /// The type as the catalogue (`information_schema.columns.data_type`) spells it.
    var catalogueName: String { rawValue.lowercased() }
}
#endif
