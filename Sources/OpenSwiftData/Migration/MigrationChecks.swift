/// The conditions of a `SchemaDiff` that depend on the rows, checked with reads
/// only, so that a migration that cannot proceed fails before it writes anything
/// and says which rows are in the way. The same checks on every store: each answers
/// their reads in its own dialect (``MigrationReading``).
package enum MigrationChecks {
    package static func verify(_ diff: SchemaDiff, _ db: some MigrationReading) throws {
        for entity in diff.keptEntities {
            let table = entity.stored.name.quotedIdentifier
            var rowCount: Int?
            func rows() throws -> Int {
                if let rowCount { return rowCount }
                let count = try db.count("SELECT count(*) FROM \(table)")
                rowCount = count
                return count
            }
            for column in entity.added where column.needsValue {
                // A column an earlier schema left behind, of the same type, is taken up: only
                // its rows without a value lack one. A column replaced, or of another type, starts again.
                let takenUp = try column.replacing == nil && column.isAttribute && db.keepsColumn(column, of: entity)
                let count = takenUp
                    ? try db.count("SELECT count(*) FROM \(table) WHERE \(column.name.quotedIdentifier) IS NULL")
                    : try rows()
                if count > 0, let old = column.replacing {
                    throw OpenSwiftDataError.migrationFailed(
                        "cannot migrate \(entity.name).\(column.name): its type changes from \(old.typeDescription) to \(column.typeDescription ?? "?") "
                            + "in a custom stage, which starts the column again from the attribute's default value, and it has none, so "
                            + "\(count) existing \(entity.name) row\(count == 1 ? "" : "s") would have no value until didMigrate sets one. "
                            + "Fix: give \(column.name) a default value in its declaration (didMigrate then replaces it), or make it optional. "
                            + "The store was not changed.")
                }
                if count > 0 {
                    throw OpenSwiftDataError.migrationMissingValues(entity: entity.name, attribute: column.name, rowCount: count, wasOptional: false)
                }
            }
            for (column, property) in entity.mustHaveValues {
                let count = try db.count("SELECT count(*) FROM \(table) WHERE \(column.quotedIdentifier) IS NULL")
                if count > 0 {
                    throw OpenSwiftDataError.migrationMissingValues(entity: entity.name, attribute: property, rowCount: count, wasOptional: true)
                }
            }
            for constraint in entity.newUniqueConstraints where constraint.canBeViolated {
                if let duplicate = try duplicate(constraint, in: table, rows: rows, db) {
                    throw OpenSwiftDataError.migrationUniqueViolation(entity: entity.name, attributes: constraint.properties, duplicate: duplicate)
                }
            }
        }
        for conversion in diff.joinsToForeignKeys {
            let count = try db.count("""
                SELECT count(*) FROM (SELECT 1 FROM \(conversion.joinTable.quotedIdentifier) \
                GROUP BY \(conversion.childColumn.quotedIdentifier) HAVING count(*) > 1) AS "shared"
                """)
            if count > 0 {
                throw OpenSwiftDataError.migrationFailed(
                    "cannot migrate \(conversion.parent).\(conversion.relationship): it now has the to-one inverse \(conversion.childTable).\(conversion.foreignKey), "
                        + "but \(count) \(conversion.childTable) row\(count == 1 ? " belongs" : "s belong") to more than one \(conversion.parent). "
                        + "Fix: make \(conversion.childTable).\(conversion.foreignKey) a to-many relationship, or keep one \(conversion.parent) per "
                        + "\(conversion.childTable) in the willMigrate of a custom MigrationStage. The store was not changed.")
            }
        }
    }

    /// A description of the largest group of rows sharing a key, or nil when none do.
    private static func duplicate(_ constraint: UniqueCheck, in table: String, rows: () throws -> Int, _ db: some MigrationReading) throws -> String? {
        if constraint.storedColumns.isEmpty {
            // Every constrained column is new, so every row holds the same defaults.
            let count = try rows()
            return count > 1 ? "all \(count) rows would hold the new default value" : nil
        }
        let columns = constraint.storedColumns.map(\.quotedIdentifier)
        let sql = "SELECT \(columns.joined(separator: ", ")), count(*) FROM \(table) WHERE "
            + columns.map { "\($0) IS NOT NULL" }.joined(separator: " AND ")
            + " GROUP BY \(columns.joined(separator: ", ")) HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 1"
        guard let row = try db.firstRow(sql), row.count == constraint.storedColumns.count + 1 else { return nil }
        let values = constraint.storedColumns.indices.map { "\(constraint.storedColumns[$0]) = \(row[$0])" }
        return "\(row[constraint.storedColumns.count]) rows have \(values.joined(separator: ", "))"
    }
}
