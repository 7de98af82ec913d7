// The statements of a migration that read the same in SQLite's and PostgreSQL's SQL
// (double-quoted identifiers, `INSERT ... SELECT ... ON CONFLICT DO NOTHING`, correlated
// subqueries), written once for both stores.

extension EntityDiff {
    /// The column renames in an order every store can run them in: through temporary
    /// names when one takes a name another column still holds.
    package var renameSteps: [(from: String, to: String)] {
        let existing = Set(stored.attributes.map(\.name) + stored.relationships.map(\.name)).union(keptColumns.keys)
        guard renames.contains(where: { existing.contains($0.to) }) else { return renames }
        return renames.map { ($0.from, $0.from + "__migrating") } + renames.map { ($0.from + "__migrating", $0.to) }
    }
}

extension JoinTableCreation {
    /// Fills the new join table (under its temporary name while it has one) from its
    /// source; nil when it starts empty. `WHERE true` lets SQLite read the `ON CONFLICT`
    /// after a `SELECT`.
    package var copySQL: String? {
        let table = (temporaryName ?? name).quotedIdentifier
        switch source {
        case .empty:
            return nil
        case let .joinTable(old, swapped):
            let columns = swapped ? "\"Z_TARGET\", \"Z_SOURCE\", \"Z_TARGET_ORDER\", \"Z_SOURCE_ORDER\""
                                  : "\"Z_SOURCE\", \"Z_TARGET\", \"Z_SOURCE_ORDER\", \"Z_TARGET_ORDER\""
            return """
                INSERT INTO \(table) ("Z_SOURCE", "Z_TARGET", "Z_SOURCE_ORDER", "Z_TARGET_ORDER") \
                SELECT \(columns) FROM \(old.quotedIdentifier) WHERE true ON CONFLICT DO NOTHING
                """
        case let .foreignKey(child, column, orderColumn, parentIsSource):
            let (parent, other, order) = parentIsSource ? ("Z_SOURCE", "Z_TARGET", "Z_SOURCE_ORDER") : ("Z_TARGET", "Z_SOURCE", "Z_TARGET_ORDER")
            return """
                INSERT INTO \(table) (\(parent.quotedIdentifier), \(other.quotedIdentifier), \(order.quotedIdentifier)) \
                SELECT \(column.quotedIdentifier), "Z_PK", \(orderColumn?.quotedIdentifier ?? "NULL") FROM \(child.quotedIdentifier) \
                WHERE \(column.quotedIdentifier) IS NOT NULL ON CONFLICT DO NOTHING
                """
        }
    }
}

extension JoinToForeignKey {
    /// Moves each member's owner and position from the join table to its key and order columns.
    package var moveSQL: String {
        let join = joinTable.quotedIdentifier
        let child = childColumn.quotedIdentifier
        return """
            UPDATE \(childTable.quotedIdentifier) SET \
            \(foreignKey.quotedIdentifier) = (SELECT \(parentColumn.quotedIdentifier) FROM \(join) WHERE \(child) = "Z_PK"), \
            \(foreignKeyOrder.quotedIdentifier) = (SELECT \(orderColumn.quotedIdentifier) FROM \(join) WHERE \(child) = "Z_PK") \
            WHERE "Z_PK" IN (SELECT \(child) FROM \(join))
            """
    }
}
