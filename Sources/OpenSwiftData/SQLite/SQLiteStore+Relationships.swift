import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

// What a model's storage does not hold yet: the rows behind its relationships, an
// attribute a partial fetch left out; and the rows that hold a unique key.
extension SQLiteStore {
    func relatedKey(of key: Int64, entity: Schema.Entity, relationship: Schema.Relationship, editingState: EditingState) throws -> Int64? {
        guard let table = table(named: entity.name), let destination = try? self.table(for: relationship.destinationType) else { return nil }
        // The second side of a one-to-one is found through the first side's column.
        let sql: String
        if relationship.storesForeignKey {
            sql = "SELECT \(relationship.name.quotedIdentifier) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" = ?"
        } else if let inverse = relationship.inverseName {
            sql = "SELECT \"Z_PK\" FROM \(destination.name.quotedIdentifier) WHERE \(inverse.quotedIdentifier) = ? LIMIT 1"
        } else {
            return nil
        }
        return try read { db in try Int64.fetchOne(db, sql: sql, arguments: [key]) }
    }

    func fetchRelated(of key: Int64, entity: Schema.Entity, relationship: Schema.Relationship, editingState: EditingState,
                      row body: (inout StoreRow) throws -> Void) throws {
        let child = try table(for: relationship.destinationType)
        let sql: String
        if relationship.usesJoinTable {
            let join = JoinTableLayout(relationship, of: entity)
            sql = child.selectSQL + " JOIN \(join.name.quotedIdentifier) AS j ON j.\(join.otherColumn.quotedIdentifier) = t.\"Z_PK\" WHERE j.\(join.ownColumn.quotedIdentifier) = ? ORDER BY j.\(join.orderColumn.quotedIdentifier), t.\"Z_PK\""
        } else if let inverse = relationship.inverse {
            sql = child.selectSQL + " WHERE t.\(inverse.name.quotedIdentifier) = ? ORDER BY t.\(TableLayout.orderColumn(forForeignKey: inverse.name).quotedIdentifier), t.\"Z_PK\""
        } else {
            return
        }
        try rows(of: child, sql: sql, arguments: [key.databaseValue], columns: child.columnForProperty, body)
    }

    func prefetch(_ relationship: Schema.Relationship, of owners: [Int64], entity: Schema.Entity, editingState: EditingState,
                  row body: (_ owner: Int64, inout StoreRow) throws -> Void) throws {
        guard let table = table(named: entity.name) else { return }
        let child = try self.table(for: relationship.destinationType)
        let ownerKeys = JSONArgument.ids(owners)
        if relationship.isToOneRelationship {
            // The second side of a one-to-one has no column to prefetch through; it loads on access.
            guard relationship.storesForeignKey else { return }
            let sql = child.selectSQL + " WHERE t.\"Z_PK\" IN (SELECT \(relationship.name.quotedIdentifier) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" IN (SELECT value FROM json_each(?)))"
            return try rows(of: child, sql: sql, arguments: [ownerKeys], columns: child.columnForProperty) { row in try body(0, &row) }
        }
        let names = (["\"Z_PK\""] + child.columns.map(\.quotedIdentifier)).map { "t." + $0 }.joined(separator: ", ")
        let sql: String
        if relationship.usesJoinTable {
            let join = JoinTableLayout(relationship, of: table.entity)
            sql = "SELECT \(names), j.\(join.ownColumn.quotedIdentifier) FROM \(child.name.quotedIdentifier) AS t JOIN \(join.name.quotedIdentifier) AS j ON j.\(join.otherColumn.quotedIdentifier) = t.\"Z_PK\" WHERE j.\(join.ownColumn.quotedIdentifier) IN (SELECT value FROM json_each(?)) ORDER BY j.\(join.ownColumn.quotedIdentifier), j.\(join.orderColumn.quotedIdentifier), t.\"Z_PK\""
        } else if let inverse = relationship.inverse {
            let foreignKey = inverse.name.quotedIdentifier
            sql = "SELECT \(names), t.\(foreignKey) FROM \(child.name.quotedIdentifier) AS t WHERE t.\(foreignKey) IN (SELECT value FROM json_each(?)) ORDER BY t.\(foreignKey), t.\(TableLayout.orderColumn(forForeignKey: inverse.name).quotedIdentifier), t.\"Z_PK\""
        } else {
            return
        }
        let ownerColumn = Int32(child.columns.count + 1)
        try read { db in
            try db.withStatement(sql) { statement in
                db.bind([ownerKeys], to: statement)
                var row = StoreRow(key: 0, entity: child.entity,
                                   reader: _ModelReader(statement: statement, columns: child.columnForProperty, entityName: child.name),
                                   generation: try generation(seenBy: db))
                while try db.step(statement) {
                    row.key = sqlite3_column_int64(statement, 0)
                    row.reader.rewind()
                    try body(sqlite3_column_int64(statement, ownerColumn), &row)
                }
            }
        }
    }

    func attributeValue(of key: Int64, entity: Schema.Entity, attribute: Schema.Attribute) throws -> StoredValue? {
        guard let table = table(named: entity.name) else { return nil }
        let value = try read { db in
            try DatabaseValue.fetchOne(db, sql: "SELECT \(attribute.name.quotedIdentifier) FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" = ?",
                                       arguments: [key])
        }
        return value.map(StoredValue.init)
    }

    func keys(holding values: [[StoredValue]], of constraint: [String], entity: Schema.Entity) throws -> [Int64] {
        guard let table = table(named: entity.name) else { return [] }
        let sql = "SELECT \"Z_PK\" FROM \(table.name.quotedIdentifier) WHERE "
            + constraint.map { "\($0.quotedIdentifier) = ?" }.joined(separator: " AND ")
        return try read { db in
            var found: [Int64] = []
            // A key with a NULL part matches no row: SQLite's unique indexes allow repeated NULLs.
            for key in values where !key.contains(.null) {
                found += try db.rowIDs(sql, arguments: key.map(\.databaseValue))
            }
            return found
        }
    }
}
