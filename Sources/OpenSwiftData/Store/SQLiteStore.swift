import Foundation
import GRDB
import Synchronization

/// The SQLite database behind a container, and the layout of each entity in it.
///
/// A file store uses WAL journaling, so readers in other processes never block a
/// save; an in-memory store is a private SQLite database that lives as long as the
/// container.
final class SQLiteStore: @unchecked Sendable {
    let database: DatabaseQueue
    let schema: Schema
    let identifier: String
    let configuration: ModelConfiguration
    private let tablesByType: [ObjectIdentifier: EntityTable]
    let tablesByName: [String: EntityTable]
    private let deletionSQLCache = Mutex<[String: [String]]>([:])

    init(schema: Schema, configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.schema = schema
        self.configuration = configuration
        self.identifier = configuration.isStoredInMemoryOnly ? "memory:\(configuration.name):\(UUID().uuidString)" : configuration.url.path
        let tables = schema.entities.map(EntityTable.init)
        self.tablesByType = Dictionary(uniqueKeysWithValues: tables.map { (ObjectIdentifier($0.entity.modelType), $0) })
        self.tablesByName = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
        self.database = try SQLiteStore.open(configuration)
        do {
            try StoreMigrator(schema: schema, tables: tables, migrationPlan: migrationPlan, configuration: configuration)
                .prepare(database)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw OpenSwiftDataError.storeNotADatabase(path: configuration.url.path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY {
            throw OpenSwiftDataError.storeCannotOpen(path: configuration.url.path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    private static func open(_ configuration: ModelConfiguration) throws -> DatabaseQueue {
        var options = Configuration()
        options.foreignKeysEnabled = false
        options.label = "OpenSwiftData.\(configuration.name)"
        if configuration.isStoredInMemoryOnly {
            return try DatabaseQueue(configuration: options)
        }
        let url = configuration.url
        let exists = FileManager.default.fileExists(atPath: url.path)
        if !configuration.allowsSave && exists {
            options.readonly = true
        } else {
            options.journalMode = .wal
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw OpenSwiftDataError.storeCannotOpen(path: url.path, reason: "cannot create its directory: \(error.localizedDescription)")
            }
        }
        options.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            return try DatabaseQueue(path: url.path, configuration: options)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw OpenSwiftDataError.storeNotADatabase(path: url.path)
        } catch let error as DatabaseError {
            throw OpenSwiftDataError.storeCannotOpen(path: url.path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    func table(for type: any PersistentModel.Type) throws -> EntityTable {
        guard let table = tablesByType[ObjectIdentifier(type)] else {
            throw OpenSwiftDataError.modelNotInSchema(String(describing: type))
        }
        return table
    }

    func table(named name: String) -> EntityTable? { tablesByName[name] }

    /// The statements that delete rows of `table` whose keys are in the JSON array ?1:
    /// the rows themselves, their join-table entries, and references to them from
    /// to-one relationships that have no inverse to keep in step.
    func deletionSQL(for table: EntityTable) -> [String] {
        if let cached = deletionSQLCache.withLock({ $0[table.name] }) { return cached }
        let keys = "(SELECT value FROM json_each(?1))"
        var statements = ["DELETE FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" IN \(keys)"]
        for relationship in table.entity.relationships where relationship.usesJoinTable {
            let join = JoinTable(relationship, of: table.entity)
            statements.append("DELETE FROM \(join.name.quotedIdentifier) WHERE \(join.ownColumn.quotedIdentifier) IN \(keys)")
        }
        for other in tables {
            for relationship in other.entity.relationships
            where ObjectIdentifier(relationship.destinationType) == ObjectIdentifier(table.entity.modelType) {
                if relationship.usesJoinTable {
                    let join = JoinTable(relationship, of: other.entity)
                    statements.append("DELETE FROM \(join.name.quotedIdentifier) WHERE \(join.otherColumn.quotedIdentifier) IN \(keys)")
                } else if relationship.isToOneRelationship, relationship.inverse == nil {
                    let column = relationship.name.quotedIdentifier
                    statements.append("UPDATE \(other.name.quotedIdentifier) SET \(column) = NULL WHERE \(column) IN \(keys)")
                }
            }
        }
        deletionSQLCache.withLock { $0[table.name] = statements }
        return statements
    }

    var tables: Dictionary<String, EntityTable>.Values { tablesByName.values }
}
