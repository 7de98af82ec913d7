import Foundation
import GRDB

/// Brings a store to the container's schema when it opens: creates what is missing
/// and records the schema the store was written with.
struct StoreMigrator {
    let schema: Schema
    let tables: [EntityTable]
    let migrationPlan: (any SchemaMigrationPlan.Type)?
    let configuration: ModelConfiguration

    func prepare(_ database: DatabaseQueue) throws {
        if database.configuration.readonly {
            try database.read { db in try db.execute(sql: "SELECT count(*) FROM sqlite_master") }
            return
        }
        try database.write { db in
            for statement in creationSQL { try db.execute(sql: statement) }
            try StoreMetadata.record(schema, in: db)
        }
    }

    var creationSQL: [String] {
        var statements: [String] = []
        var joinTables: Set<String> = []
        for table in tables {
            statements += table.creationSQL
            for relationship in table.entity.relationships where relationship.usesJoinTable {
                let join = JoinTable(relationship, of: table.entity)
                if joinTables.insert(join.name).inserted { statements += join.creationSQL }
            }
        }
        return statements
    }
}

extension Schema.Relationship {
    /// To-many relationships whose inverse is not to-one are stored in a join table.
    var usesJoinTable: Bool { !isToOneRelationship && (inverse == nil || inverse?.isToOneRelationship == false) }
}

/// The schema a store was last written with, kept in the store itself.
enum StoreMetadata {
    static let table = "Z_METADATA"

    static func record(_ schema: Schema, in db: Database) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(table) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
        try db.execute(sql: "INSERT OR REPLACE INTO \(table) (\"key\", \"value\") VALUES ('schemaVersion', ?), ('entities', ?)",
                       arguments: [schema.version.description, schema.entities.map(\.name).joined(separator: ",")])
    }
}
