#if PostgreSQL
import OpenSwiftData

/// One index of an entity's table: a unique key, a declared `#Index`, or the index
/// on a to-one relationship's key column.
public struct PostgresIndex: Sendable, Hashable {
    /// The index's name: the SQLite store's, shortened past 63 bytes (see ``PostgresDialect/indexName(table:kind:columns:)``).
    public let name: String
    public let table: String
    /// "unique", "index" or "fk", as in the name.
    public let kind: String
    public let isUnique: Bool
    public let columns: [String]
    /// What each entry indexes when not the column of its name: the expression that
    /// reads a field of a Codable attribute.
    let expressions: [String]?

    init(table: String, kind: String, keyColumns: [String], columns: [String], isUnique: Bool, expressions: [String]? = nil) {
        self.name = PostgresDialect.indexName(table: table, kind: kind, columns: keyColumns)
        self.table = table
        self.kind = kind
        self.isUnique = isUnique
        self.columns = columns
        self.expressions = expressions
    }

    /// Creates the index when it is missing.
    /// The layout's index in PostgreSQL's dialect; nil for an index on a field this
    /// dialect does not read.
    init?(_ index: IndexLayout, onTable table: String) {
        var expressions: [String] = []
        for entry in index.entries {
            switch entry {
            case let .column(name):
                expressions.append(PostgresDialect.quote(name))
            case let .field(column, field):
                guard let read = SQLDialect.postgres.jsonField(column: PostgresDialect.quote(column), field) else { return nil }
                expressions.append("(\(read))")
            }
        }
        // A declared index names what it reads, as the store's own indexes list it.
        self.init(table: table, kind: index.kind.rawValue, keyColumns: index.keyColumns, columns: index.columns, isUnique: index.isUnique,
                  expressions: index.kind == .index ? expressions : nil)
    }

    public var createSQL: String {
        let columnList = (expressions ?? columns.map(PostgresDialect.quote)).joined(separator: ", ")
        return "CREATE \(isUnique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(PostgresDialect.quote(name)) ON \(PostgresDialect.quote(table)) (\(columnList))"
    }
}
#endif
