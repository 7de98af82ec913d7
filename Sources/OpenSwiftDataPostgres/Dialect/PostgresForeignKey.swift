#if PostgreSQL
/// A to-one relationship's key column declared as a reference to its destination's
/// `Z_PK`, where the destination's side has a delete rule (deny, cascade or nullify).
///
/// The context applies delete rules before it saves, from what it has read; another
/// process may meanwhile save a model that points at a row this save deletes (a book
/// put on a shelf being deleted under `.deny`). The reference makes the server refuse
/// whichever of the two saves commits second (SQLSTATE 23503,
/// ``PostgresStoreError/referenceViolation(table:constraint:)``) instead of leaving a
/// key that points at nothing. It is checked at commit (`DEFERRABLE INITIALLY
/// DEFERRED`), so a save may write rows in any order. `.noAction` relationships, which
/// SwiftData lets point at deleted models, get none.
public struct PostgresForeignKey: Sendable, Hashable {
    public let name: String
    public let table: String
    public let column: String
    public let destination: String

    init(table: String, column: String, destination: String) {
        self.name = PostgresDialect.indexName(table: table, kind: "ref", columns: [column])
        self.table = table
        self.column = column
        self.destination = destination
    }

    /// Adds the constraint (to a table created in the same transaction, after every table exists).
    public var addSQL: String {
        "ALTER TABLE \(PostgresDialect.quote(table)) ADD CONSTRAINT \(PostgresDialect.quote(name)) FOREIGN KEY (\(PostgresDialect.quote(column))) "
            + "REFERENCES \(PostgresDialect.quote(destination)) (\"Z_PK\") DEFERRABLE INITIALLY DEFERRED"
    }
}
#endif
