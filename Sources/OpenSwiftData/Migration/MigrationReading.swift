/// What a migration's checks read from a store before it writes anything, asked in
/// whichever dialect the store speaks: the rules (``SchemaDiff``, ``MigrationChecks``)
/// are written once, and each store answers these questions about its own tables.
///
/// The queries the checks pass are plain SQL that SQLite and PostgreSQL both read:
/// double-quoted identifiers, `count(*)`, `GROUP BY`, `LIMIT`.
package protocol MigrationReading {
    /// The number the query selects: the first value of its first row.
    func count(_ sql: String) throws -> Int
    /// The first row the query selects, each value as a message shows it (text
    /// quoted, nil as `nil`); nil when it selects none.
    func firstRow(_ sql: String) throws -> [String]?
    /// Whether the entity's table still has a column named as the added one, left by an
    /// earlier schema, of the type the added attribute is stored as: its values are then
    /// taken up rather than started again.
    func keepsColumn(_ column: AddedColumn, of entity: EntityDiff) throws -> Bool
}
