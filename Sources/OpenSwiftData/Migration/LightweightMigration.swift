import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// Applies a `SchemaDiff` inside the migration's transaction, with the cheapest
/// statement SQLite offers for each change: `ALTER TABLE ... ADD COLUMN` with a
/// constant `DEFAULT` (SQLite does not rewrite the rows), `RENAME COLUMN`,
/// `DROP COLUMN`, and index changes only where the indexes differ. No table is
/// rebuilt: the layout has no constraint that would make SQLite require it.
///
/// The order lets every step find what it needs: indexes on dropped or replaced
/// columns go first (SQLite will not drop an indexed column), data moves run once
/// the new columns exist and before the old ones are dropped, and indexes are
/// created last, over the final rows.
struct LightweightMigration {
    let diff: SchemaDiff

    /// A subentity new to the store keeps its rows in its root's table: the table
    /// gains the subentity's columns, and `Z_ENT` when it had none (its existing
    /// rows, with `Z_ENT` NULL, stay rows of the root entity).
    private func addHierarchyColumns(_ statements: MigrationStatements) throws {
        let roots = Set(diff.createdEntities.filter { $0.entity.superentity != nil }.map { $0.entity.rootEntity.name })
        for rootName in roots.sorted() {
            guard let root = diff.target.entitiesByName[rootName] else { continue }
            let table = EntityTable(entity: root, schema: diff.target)
            let existing = Set(try statements.db.columns(in: table.name).map(\.name))
            for column in table.tableColumnDefinitions where !existing.contains(column.name) {
                try statements.execute("ALTER TABLE \(table.name.quotedIdentifier) ADD COLUMN \(column.name.quotedIdentifier) \(column.type)")
            }
            for sql in table.indexSQL { try statements.execute(sql) }
        }
    }

    func apply(_ statements: MigrationStatements) throws {
        try MigrationChecks.verify(diff, SQLiteMigrationReader(db: statements.db))
        let keptIndexes = try dropStaleIndexes(statements)

        for table in diff.createdEntities {
            for sql in table.creationSQL { try statements.execute(sql) }
        }
        try addHierarchyColumns(statements)
        for join in diff.createdJoinTables {
            try statements.execute(JoinTableLayout.tableSQL(join.temporaryName ?? join.name))
        }

        for entity in diff.keptEntities { try alterColumns(of: entity, statements) }

        for entity in diff.keptEntities {
            for (column, value) in entity.fills {
                try statements.execute("UPDATE \(entity.name.quotedIdentifier) SET \(column.quotedIdentifier) = \(value.sqlLiteral) WHERE \(column.quotedIdentifier) IS NULL")
            }
        }
        for sql in diff.createdJoinTables.compactMap(\.copySQL) { try statements.execute(sql) }
        for conversion in diff.joinsToForeignKeys { try statements.execute(conversion.moveSQL) }

        // A removed attribute's values stay, as on the PostgreSQL store; the rest of what the
        // new schema no longer has goes, as in SwiftData. The log says what.
        for notice in diff.removalNotices { Log.logger.notice("\(notice)") }
        for entity in diff.keptEntities {
            for column in entity.dropped {
                try statements.execute("ALTER TABLE \(entity.name.quotedIdentifier) DROP COLUMN \(column.quotedIdentifier)")
            }
        }
        for name in diff.droppedEntities {
            try statements.execute("DROP TABLE IF EXISTS \(name.quotedIdentifier)")
        }
        for name in diff.droppedJoinTables { try statements.execute("DROP TABLE IF EXISTS \(name.quotedIdentifier)") }
        for join in diff.createdJoinTables {
            if let temporary = join.temporaryName {
                try statements.execute("ALTER TABLE \(temporary.quotedIdentifier) RENAME TO \(join.name.quotedIdentifier)")
            }
            try statements.execute(JoinTableLayout.indexSQL(join.name))
        }

        for entity in diff.keptEntities {
            for index in entity.table.indexDefinitions where !(keptIndexes[entity.name]?.contains(index.name) ?? false) {
                do {
                    try statements.execute(index.creationSQL(on: entity.name))
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT && index.isUnique {
                    // The checks look at the rows before the migration; a default
                    // filled in by it can still collide.
                    throw OpenSwiftDataError.migrationUniqueViolation(
                        entity: entity.name, attributes: index.columns, duplicate: "the rows collide once migrated (\(error.message ?? "constraint failed"))")
                }
            }
        }
    }

    /// Drops every index of a kept table that the new schema does not have on the
    /// same (renamed) columns; returns the indexes kept, by table.
    ///
    /// An index is matched by its columns, not its name, so renaming an indexed
    /// column does not rebuild the index; a kept index is recreated only when its
    /// name is wanted for another one.
    private func dropStaleIndexes(_ statements: MigrationStatements) throws -> [String: Set<String>] {
        var keptByTable: [String: Set<String>] = [:]
        for entity in diff.keptEntities {
            let wanted = entity.table.indexDefinitions
            var kept: [String: IndexDefinition] = [:]
            var stale: [String] = []
            for index in try statements.db.indexes(on: entity.stored.name) where !index.name.hasPrefix("sqlite_autoindex") {
                let columns = index.columns.map { entity.keptColumns[$0] }
                if columns.allSatisfy({ $0 != nil }),
                   let match = wanted.first(where: { $0.isUnique == index.isUnique && $0.columns == columns.map { $0! } && kept[$0.name] == nil }) {
                    kept[match.name] = IndexDefinition(name: index.name, isUnique: index.isUnique, columns: match.columns)
                } else {
                    stale.append(index.name)
                }
            }
            // Indexes on the field of a Codable attribute are on an expression, which
            // `indexes(on:)` does not list: kept while the schema still names them.
            let expressionIndexes = try String.fetchAll(statements.db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql LIKE '%json_extract(%'",
                                                        arguments: [entity.stored.name])
            for name in expressionIndexes {
                if let match = wanted.first(where: { $0.name == name && $0.expressions != nil }) {
                    kept[name] = match
                } else {
                    stale.append(name)
                }
            }
            // A kept index under another index's wanted name makes way for it.
            let wantedNames = Set(wanted.map(\.name))
            for (name, index) in kept where index.name != name && wantedNames.contains(index.name) {
                stale.append(index.name)
                kept[name] = nil
            }
            for name in stale { try statements.execute("DROP INDEX IF EXISTS \(name.quotedIdentifier)") }
            keptByTable[entity.name] = Set(kept.keys)
        }
        return keptByTable
    }

    private func addColumn(_ column: AddedColumn, to table: String, _ statements: MigrationStatements) throws {
        let defaultClause = column.defaultValue.isNull ? "" : " DEFAULT \(column.defaultValue.sqlLiteral)"
        try statements.execute("ALTER TABLE \(table) ADD COLUMN \(column.name.quotedIdentifier) \(column.columnType)\(defaultClause)")
    }

    private func alterColumns(of entity: EntityDiff, _ statements: MigrationStatements) throws {
        let table = entity.name.quotedIdentifier
        for (from, to) in entity.renameSteps {
            try statements.execute("ALTER TABLE \(table) RENAME COLUMN \(from.quotedIdentifier) TO \(to.quotedIdentifier)")
        }
        for column in entity.replaced {
            try statements.execute("ALTER TABLE \(table) DROP COLUMN \(column.quotedIdentifier)")
        }
        let present = entity.added.isEmpty ? [:] : try statements.db.declaredColumns(of: entity.name)
        for column in entity.added {
            if let type = present[column.name] {
                guard column.isAttribute, type == column.columnType.uppercased() else {
                    // A column left by an earlier schema holds values of another kind: it starts again.
                    try statements.execute("ALTER TABLE \(table) DROP COLUMN \(column.name.quotedIdentifier)")
                    try addColumn(column, to: table, statements)
                    continue
                }
                // An attribute added back takes up the values its column kept; rows written
                // meanwhile take its default, as on the PostgreSQL store.
                if !column.defaultValue.isNull {
                    try statements.execute("UPDATE \(table) SET \(column.name.quotedIdentifier) = \(column.defaultValue.sqlLiteral) WHERE \(column.name.quotedIdentifier) IS NULL")
                }
                continue
            }
            try addColumn(column, to: table, statements)
        }
    }
}

/// Runs a migration's statements, counting them across its steps so that a test
/// can inject a failure after any one.
final class MigrationStatements {
    private(set) var count = 0
    private var current: Database?

    /// The connection of the database access in progress.
    var db: Database {
        guard let current else { preconditionFailure("MigrationStatements used outside a database access") }
        return current
    }

    func using<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
        current = db
        defer { current = nil }
        return try body()
    }

    func execute(_ sql: String) throws {
        try db.execute(sql: sql)
        count += 1
        try MigrationFault.check(.afterStatements(count))
    }
}
