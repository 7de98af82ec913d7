#if PostgreSQL
import Foundation
import Logging
import OpenSwiftData

/// Applies a ``SchemaDiff`` to a database: the lightweight migration rules every store
/// follows (what is kept, renamed, added, filled, refused, moved and dropped is decided
/// there, and checked against the rows by ``MigrationChecks``), rendered in PostgreSQL's
/// statements. It runs in the opening transaction, under the schema lock, so a failure
/// leaves the database as it was and two instances migrate once.
///
/// The order lets every step find what it needs: data moves run once the new columns and
/// join tables exist and before the old ones are dropped. Tables of new entities, and the
/// indexes the schema wants, are made afterwards by ``PostgresSchemaLayout/createMissing(on:)``.
struct PostgresLightweightMigration {
    let diff: SchemaDiff
    /// The layout of the schema the database is brought to.
    let layout: PostgresSchemaLayout

    private static let logger = Logger(label: "OpenSwiftDataPostgres")

    func apply(on session: PostgresSession) throws {
        try MigrationChecks.verify(diff, PostgresMigrationReader(session: session))
        try dropStaleIndexes(session)
        for join in diff.createdJoinTables {
            guard let table = joinTable(named: join.name) else { continue }
            try session.execute(table.createTableSQL(named: join.temporaryName ?? join.name))
        }
        for entity in diff.keptEntities { try alterColumns(of: entity, session) }
        for entity in diff.keptEntities {
            for (column, _) in entity.fills {
                guard let value = try defaultValue(of: entity.entity.attributesByName[column]) else { continue }
                try session.execute("UPDATE \(quote(entity.name)) SET \(quote(column)) = $1 WHERE \(quote(column)) IS NULL", [value])
            }
        }
        for sql in diff.createdJoinTables.compactMap(\.copySQL) { try session.execute(sql) }
        for conversion in diff.joinsToForeignKeys { try session.execute(conversion.moveSQL) }

        // A removed attribute's values stay; the rest of what the new schema no longer has
        // goes. The log says what.
        for notice in diff.removalNotices { Self.logger.notice("\(notice)") }
        for entity in diff.keptEntities {
            for column in entity.dropped {
                try session.execute("ALTER TABLE \(quote(entity.name)) DROP COLUMN IF EXISTS \(quote(column))")
            }
        }
        for name in diff.droppedEntities {
            // CASCADE: the references other tables declare to it go with it.
            try session.execute("DROP TABLE IF EXISTS \(quote(name)) CASCADE")
        }
        for name in diff.droppedJoinTables { try session.execute("DROP TABLE IF EXISTS \(quote(name))") }
        for join in diff.createdJoinTables {
            if let temporary = join.temporaryName {
                try session.execute("ALTER TABLE \(quote(temporary)) RENAME TO \(quote(join.name))")
            }
            // Its index, under the name the old table's index held.
            for statement in joinTable(named: join.name)?.createSQL ?? [] { try session.execute(statement) }
        }
        try addReferences(session)
    }

    private func quote(_ name: String) -> String { PostgresDialect.quote(name) }

    private func joinTable(named name: String) -> PostgresJoinTable? {
        layout.joinTables.first { $0.name == name }
    }

    /// The value existing rows take for an attribute: its declared default, encoded as
    /// its column holds it; nil without one.
    private func defaultValue(of attribute: Schema.Attribute?) throws -> PostgresValue? {
        guard let attribute, let defaultValue = attribute.defaultValue, let codec = PostgresAttributeCodec(attribute: attribute) else { return nil }
        let value = try codec.encode(defaultValue)
        return value.isNull ? nil : value
    }

    /// Drops each index of a kept table that the new schema does not name; the ones it
    /// names and lacks are created afterwards. An index's name says its kind and
    /// columns, so an index on a renamed column is made again under its new name.
    private func dropStaleIndexes(_ session: PostgresSession) throws {
        for entity in diff.keptEntities {
            let wanted = Set(layout.table(named: entity.name)?.indexes.map(\.name) ?? [])
            for index in try PostgresCatalogue.indexes(on: entity.stored.name, session: session) where !wanted.contains(index) {
                try session.execute("DROP INDEX IF EXISTS \(quote(index))")
            }
        }
    }

    private func alterColumns(of entity: EntityDiff, _ session: PostgresSession) throws {
        let table = quote(entity.name)
        for (from, to) in entity.renameSteps {
            try session.execute("ALTER TABLE \(table) RENAME COLUMN \(quote(from)) TO \(quote(to))")
        }
        for column in entity.replaced {
            try session.execute("ALTER TABLE \(table) DROP COLUMN IF EXISTS \(quote(column))")
        }
        let present = entity.added.isEmpty ? [:] : try PostgresCatalogue.columnTypes(of: entity.name, on: session)
        for column in entity.added {
            let codec = column.attribute.flatMap(PostgresAttributeCodec.init(attribute:))
            let type = codec?.columnType.sqlName ?? PostgresDialect.keyColumnType
            let value = try defaultValue(of: column.attribute)
            if let stored = present[column.name] {
                guard column.isAttribute, column.replacing == nil, stored == codec?.columnType.catalogueName else {
                    // A column left by an earlier schema holds values of another kind: it starts again.
                    try session.execute("ALTER TABLE \(table) DROP COLUMN \(quote(column.name))")
                    try add(column.name, type, value, to: table, session)
                    continue
                }
                // An attribute added back takes up the values its column kept; rows written
                // meanwhile take its default.
                if let value {
                    try session.execute("UPDATE \(table) SET \(quote(column.name)) = $1 WHERE \(quote(column.name)) IS NULL", [value])
                }
                continue
            }
            try add(column.name, type, value, to: table, session)
        }
    }

    /// Adds a column; existing rows take `value` (PostgreSQL's DDL takes no binds, so the
    /// value is written by an update rather than a `DEFAULT` clause).
    private func add(_ column: String, _ type: String, _ value: PostgresValue?, to table: String, _ session: PostgresSession) throws {
        try session.execute("ALTER TABLE \(table) ADD COLUMN \(quote(column)) \(type)")
        if let value { try session.execute("UPDATE \(table) SET \(quote(column)) = $1", [value]) }
    }

    /// Declares the references (see ``PostgresForeignKey``) of key columns the migration
    /// added to kept tables; new tables get theirs when they are created.
    private func addReferences(_ session: PostgresSession) throws {
        var existing: Set<String>?
        for entity in diff.keptEntities {
            let added = Set(entity.added.map(\.name))
            for reference in layout.table(named: entity.name)?.foreignKeys ?? [] where added.contains(reference.column) {
                if existing == nil { existing = try PostgresCatalogue.constraintNames(on: session) }
                guard existing?.contains(reference.name) == false else { continue }
                try session.execute(reference.addSQL)
            }
        }
    }
}
#endif
