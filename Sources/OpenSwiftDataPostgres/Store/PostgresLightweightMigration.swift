#if PostgreSQL
import Foundation
import OpenSwiftData

/// Brings the existing tables of a database to the container's schema, as the SQLite
/// store's lightweight migration does: a new attribute gets its column (filled with the
/// declared default), a renamed one (`originalName`) has its column renamed, a new
/// to-one relationship gets its key column. It runs in the opening transaction, under
/// the schema lock, before the missing tables are created, so a failure leaves the
/// database as it was and two instances migrate once.
///
/// What it refuses, naming the entity and the property: a new non-optional attribute
/// without a default on a table that has rows, and a column whose type changed. A
/// removed attribute keeps its column (nothing reads it, and inserts leave it NULL), as
/// on the SQLite store; an attribute of the same name and type added back takes up its
/// values, and its rows written meanwhile take its default.
struct PostgresLightweightMigration {
    let mappings: [PostgresEntityMapping]

    func run(on session: PostgresSession) throws {
        var existing: [String: [String: String]] = [:]
        let rows = try session.query(
            "SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns WHERE table_schema = current_schema()")
        for row in rows {
            guard case let .text(table) = row[0], case let .text(column) = row[1], case let .text(type) = row[2] else { continue }
            existing[table, default: [:]][column] = type
        }
        for mapping in mappings {
            guard let columns = existing[mapping.table.name] else { continue }
            try migrate(mapping, columns: columns, on: session)
        }
    }

    private func migrate(_ mapping: PostgresEntityMapping, columns: [String: String], on session: PostgresSession) throws {
        let table = PostgresDialect.quote(mapping.table.name)
        for column in mapping.columns {
            switch column {
            case let .attribute(attribute, codec):
                let wanted = codec.columnType.sqlName.lowercased()
                if let type = columns[attribute.name] {
                    try checkType(type, wanted, attribute, mapping)
                    try fillMissingValues(of: attribute, codec, in: mapping, on: session)
                    continue
                }
                if attribute.originalName != attribute.name, let type = columns[attribute.originalName] {
                    try checkType(type, wanted, attribute, mapping)
                    try session.execute("ALTER TABLE \(table) RENAME COLUMN \(PostgresDialect.quote(attribute.originalName)) TO \(PostgresDialect.quote(attribute.name))")
                    continue
                }
                try session.execute("ALTER TABLE \(table) ADD COLUMN \(PostgresDialect.quote(attribute.name)) \(codec.columnType.sqlName)")
                if let defaultValue = attribute.defaultValue, case let value = try codec.encode(defaultValue), !value.isNull {
                    try session.execute("UPDATE \(table) SET \(PostgresDialect.quote(attribute.name)) = $1", [value])
                } else if !codec.isOptional, case let .bigint(rows)? = try session.query("SELECT count(*) FROM \(table)").first?[0], rows > 0 {
                    throw OpenSwiftDataError.migrationMissingValues(entity: mapping.entityName, attribute: attribute.name,
                                                                    rowCount: Int(rows), wasOptional: false)
                }
            case let .toOne(name, _):
                if columns[name] == nil {
                    try session.execute("ALTER TABLE \(table) ADD COLUMN \(PostgresDialect.quote(name)) \(PostgresDialect.keyColumnType)")
                }
            }
        }
        for order in mapping.table.orderColumns where columns[order] == nil {
            try session.execute("ALTER TABLE \(table) ADD COLUMN \(PostgresDialect.quote(order)) \(PostgresDialect.keyColumnType)")
        }
    }

    /// A non-optional attribute whose column has rows without a value (rows written while
    /// an earlier schema did not have it) gives them its default, or is refused naming it.
    private func fillMissingValues(of attribute: Schema.Attribute, _ codec: PostgresAttributeCodec, in mapping: PostgresEntityMapping,
                                   on session: PostgresSession) throws {
        guard !codec.isOptional else { return }
        let table = PostgresDialect.quote(mapping.table.name)
        let column = PostgresDialect.quote(attribute.name)
        if let defaultValue = attribute.defaultValue, case let value = try codec.encode(defaultValue), !value.isNull {
            try session.execute("UPDATE \(table) SET \(column) = $1 WHERE \(column) IS NULL", [value])
        } else if case let .bigint(missing)? = try session.query("SELECT count(*) FROM \(table) WHERE \(column) IS NULL").first?[0], missing > 0 {
            throw OpenSwiftDataError.migrationMissingValues(entity: mapping.entityName, attribute: attribute.name,
                                                            rowCount: Int(missing), wasOptional: false)
        }
    }

    private func checkType(_ stored: String, _ wanted: String, _ attribute: Schema.Attribute, _ mapping: PostgresEntityMapping) throws {
        guard stored == wanted else {
            throw OpenSwiftDataError.migrationTypeChange(entity: mapping.entityName, property: attribute.name, from: stored, to: wanted)
        }
    }
}
#endif
