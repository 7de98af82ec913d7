import GRDB

/// The SQLite store's answers to a migration's checks, read on the migration's connection.
struct SQLiteMigrationReader: MigrationReading {
    let db: Database

    func count(_ sql: String) throws -> Int {
        try Int.fetchOne(db, sql: sql) ?? 0
    }

    func firstRow(_ sql: String) throws -> [String]? {
        guard let row = try Row.fetchOne(db, sql: sql) else { return nil }
        return row.databaseValues.map(\.migrationDescription)
    }

    func keepsColumn(_ column: AddedColumn, of entity: EntityDiff) throws -> Bool {
        try db.declaredColumns(of: entity.stored.name)[column.name] == column.columnType.uppercased()
    }
}
