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

    /// Creates the table and its index on `Z_TARGET` when they are missing.
    public var createSQL: [String] {
        let index = PostgresDialect.shortened(layout.targetIndexName)
        return [
            createTableSQL(named: name),
            "CREATE INDEX IF NOT EXISTS \(PostgresDialect.quote(index)) ON \(PostgresDialect.quote(name)) (\"Z_TARGET\")",
        ]
    }

    /// Creates a table of this one's columns under `name` (a migration fills it under a
    /// temporary name while a table of the final name still exists).
    func createTableSQL(named name: String) -> String {
        let key = PostgresDialect.keyColumnType
        return "CREATE TABLE IF NOT EXISTS \(PostgresDialect.quote(name)) (\"Z_SOURCE\" \(key) NOT NULL, \"Z_TARGET\" \(key) NOT NULL, "
            + "\"Z_SOURCE_ORDER\" \(key), \"Z_TARGET_ORDER\" \(key), PRIMARY KEY (\"Z_SOURCE\", \"Z_TARGET\"))"
    }
}
#endif
