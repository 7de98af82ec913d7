import GRDB

extension StoredSchema {
    /// The schema of a SQLite store that does not record one, read from its tables
    /// (see ``introspect(_:assuming:typeAgrees:indexName:)``).
    static func introspect(_ db: Database, assuming schema: Schema) throws -> StoredSchema {
        let names = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != ? ORDER BY rowid
            """, arguments: [StoreMetadata.table])
        let tables = try names.map { name in
            IntrospectedTable(name: name, columns: try db.columns(in: name).map { ($0.name, $0.type) },
                              indexNames: Set(try db.indexes(on: name).map(\.name)))
        }
        return introspect(tables, assuming: schema,
                          typeAgrees: { attribute, type in attribute.codec.columnType.uppercased() == type.uppercased() },
                          indexName: { entity, kind, columns in EntityTable(entity: entity).indexName(kind, columns) })
    }
}
