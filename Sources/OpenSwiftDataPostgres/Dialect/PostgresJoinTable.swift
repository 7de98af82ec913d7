#if PostgreSQL
import OpenSwiftData

/// The join table of a to-many relationship whose inverse is not to-one: its
/// `JoinTableLayout` (the SQLite store's) in PostgreSQL's dialect.
public struct PostgresJoinTable: Sendable, Hashable {
    let layout: JoinTableLayout

    init(_ layout: JoinTableLayout) { self.layout = layout }

    public var name: String { layout.name }
    /// The relationship this table was made for.
    public var relationshipName: String { layout.relationshipName }
    /// True when the relationship reads the table from `Z_SOURCE` to `Z_TARGET`.
    public var isOwner: Bool { layout.isOwner }
    public var ownColumn: String { layout.ownColumn }
    public var otherColumn: String { layout.otherColumn }
    public var orderColumn: String { layout.orderColumn }

    public var createSQL: [String] {
        let table = PostgresDialect.quote(name)
        let key = PostgresDialect.keyColumnType
        let index = PostgresDialect.shortened(layout.targetIndexName)
        return [
            "CREATE TABLE IF NOT EXISTS \(table) (\"Z_SOURCE\" \(key) NOT NULL, \"Z_TARGET\" \(key) NOT NULL, "
                + "\"Z_SOURCE_ORDER\" \(key), \"Z_TARGET_ORDER\" \(key), PRIMARY KEY (\"Z_SOURCE\", \"Z_TARGET\"))",
            "CREATE INDEX IF NOT EXISTS \(PostgresDialect.quote(index)) ON \(table) (\"Z_TARGET\")",
        ]
    }
}
#endif
