#if PostgreSQL
import OpenSwiftData

/// What PostgreSQL's catalogue says of the tables in the location's schema, as a
/// migration reads it: their columns and types, their indexes, their references.
enum PostgresCatalogue {
    /// Each column of a table by name, with its type as the catalogue spells it
    /// (`bigint`, `double precision`: ``PostgresColumnType/catalogueName``).
    static func columnTypes(of table: String, on session: PostgresSession) throws -> [String: String] {
        var types: [String: String] = [:]
        for row in try session.query("""
            SELECT column_name::text, data_type::text FROM information_schema.columns \
            WHERE table_schema = current_schema() AND table_name = $1
            """, [.text(table)]) {
            if case let .text(name) = row[0], case let .text(type) = row[1] { types[name] = type }
        }
        return types
    }

    /// The tables, with their columns in order and their index names; `Z_METADATA` left out.
    static func tables(on session: PostgresSession) throws -> [StoredSchema.IntrospectedTable] {
        var columns: [String: [(name: String, type: String)]] = [:]
        var order: [String] = []
        for row in try session.query("""
            SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns \
            WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position
            """) {
            guard case let .text(table) = row[0], case let .text(column) = row[1], case let .text(type) = row[2],
                  table != PostgresStoreMetadata.table else { continue }
            if columns[table] == nil { order.append(table) }
            columns[table, default: []].append((column, type))
        }
        var indexes: [String: Set<String>] = [:]
        for row in try session.query("SELECT tablename::text, indexname::text FROM pg_indexes WHERE schemaname = current_schema()") {
            if case let .text(table) = row[0], case let .text(index) = row[1] { indexes[table, default: []].insert(index) }
        }
        return order.map { StoredSchema.IntrospectedTable(name: $0, columns: columns[$0] ?? [], indexNames: indexes[$0] ?? []) }
    }

    /// The indexes of a table that no constraint owns (not its primary key).
    static func indexes(on table: String, session: PostgresSession) throws -> [String] {
        try session.query("""
            SELECT i.relname::text FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid \
            JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = current_schema() AND t.relname = $1 AND NOT x.indisprimary
            """, [.text(table)]).compactMap { if case let .text(name) = $0[0] { name } else { nil } }
    }

    /// The names of the constraints in the location's schema.
    static func constraintNames(on session: PostgresSession) throws -> Set<String> {
        Set(try session.query("""
            SELECT c.conname::text FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = current_schema()
            """).compactMap { if case let .text(name) = $0[0] { name } else { nil } })
    }

    /// The schema a database that does not record one was written with, read from its
    /// tables by the rule every store reads its tables by.
    static func storedSchema(on session: PostgresSession, assuming schema: Schema) throws -> StoredSchema {
        StoredSchema.introspect(try tables(on: session), assuming: schema,
                                typeAgrees: { attribute, type in PostgresAttributeCodec(attribute: attribute)?.columnType.catalogueName == type },
                                indexName: { entity, kind, columns in PostgresDialect.indexName(table: entity.name, kind: kind, columns: columns) })
    }
}
#endif
