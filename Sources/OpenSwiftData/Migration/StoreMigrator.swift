import Foundation
import GRDB

/// Opens a container's store and brings it to the container's schema.
///
/// - A new store gets its tables and records its schema.
/// - A store recording the same schema and version opens as it is, with reads only.
/// - Any other store is migrated: the path (the plan's stages, or one lightweight
///   step) is computed and checked against the schemas first, so that an
///   impossible change throws before anything is written; then it is migrated in
///   one transaction on the connection that read it (`MigrationPlanRunner`) and
///   checked before the commit. The transaction is the whole guarantee: a failure
///   or a crash before the commit leaves the store as it was, and nothing runs
///   after it that could fail.
struct StoreMigrator {
    let schema: Schema
    let migrationPlan: (any SchemaMigrationPlan.Type)?
    let configuration: ModelConfiguration
    /// For a container of several stores: the models the other stores hold, with the
    /// name of the configuration of each. This store's file must not hold them: a
    /// migration would drop their tables.
    var heldElsewhere: [String: String] = [:]

    /// The connection the store uses from now on.
    func openStore() throws -> DatabaseQueue {
        let target = try MigrationPath.Target(schema: schema, plan: migrationPlan)
        let queue = try SQLiteStore.open(configuration)
        if configuration.isStoredInMemoryOnly {
            try queue.write { db in try create(target, db) }
            return queue
        }
        do {
            return try bring(queue, to: target, afterRestoring: false)
        } catch StoreMigrator.Interrupted.createdByAnotherConnection {
            // Another process created the store while this connection was opening it:
            // a new connection reads the schema that process wrote (SQLite's schema
            // pragmas on this one may still answer from the empty schema it loaded).
            try? queue.close()
            let fresh = try SQLiteStore.open(configuration)
            do {
                return try bring(fresh, to: target, afterRestoring: false)
            } catch {
                try? fresh.close()
                throw error
            }
        } catch {
            try? queue.close()
            throw error
        }
    }

    private enum Interrupted: Error {
        case createdByAnotherConnection
    }

    /// The tables of a file that holds none of a store's: a database another program
    /// made, which a new store must not be written into. A store's own tables are its
    /// entities' (which hold `Z_PK`, so `StoredSchema` finds them) and `Z_` ones.
    private static func tablesOfOthers(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' \
            AND name NOT LIKE 'Z\\_%' ESCAPE '\\' ORDER BY name
            """)
    }

    /// The stored models, when none of them is one of the target's or of any schema of
    /// the migration plan (see ``StoredSchema/othersModels(recorded:known:)``).
    private func othersModels(in stored: StoredSchema, recorded: Bool, target: MigrationPath.Target) -> [String]? {
        stored.othersModels(recorded: recorded, known: [target.schema] + (migrationPlan?.schemas ?? []).map { Schema(versionedSchema: $0) })
    }

    private func bring(_ queue: DatabaseQueue, to target: MigrationPath.Target, afterRestoring: Bool) throws -> DatabaseQueue {
        // Read on the writer: the reading decides what the writer does next. In one read
        // transaction, so that the record and the tables are of one moment: read apart, a
        // store another process created between the two reads showed its tables without
        // its record, and was taken for a store to migrate.
        let (contents, stored, othersTables) = try queue.writeWithoutTransaction { db in
            // Another process may have changed the schema since this connection cached it.
            db.clearSchemaCache()
            var reading: (StoreMetadata.Contents, StoredSchema, [String])?
            try db.inTransaction(.deferred) {
                let contents = try StoreMetadata.read(db, knowing: target.encoded)
                do {
                    let stored = try contents.schema ?? StoredSchema.introspect(db, assuming: target.schema)
                    reading = (contents, stored, stored.isEmpty ? try Self.tablesOfOthers(db) : [])
                } catch let error as DatabaseError where !contents.hasTable && error.message?.hasPrefix("no such table") == true {
                    throw Interrupted.createdByAnotherConnection
                }
                return .commit
            }
            guard let reading else { throw Interrupted.createdByAnotherConnection }
            return reading
        }
        let isReadOnly = queue.configuration.readonly
        if !othersTables.isEmpty {
            throw OpenSwiftDataError.storeHoldsOtherData(path: configuration.url.path, names: othersTables)
        }
        if stored.isEmpty {
            try requireWritable(isReadOnly, "has no tables yet")
            let createdElsewhere = try queue.write { db in
                // Another process creating the same new store at the same moment may have won.
                db.clearSchemaCache()
                do {
                    guard try StoredSchema.introspect(db, assuming: target.schema).isEmpty else { return true }
                } catch let error as DatabaseError where error.message?.hasPrefix("no such table") == true {
                    return true
                }
                try create(target, db)
                return false
            }
            if createdElsewhere { throw Interrupted.createdByAnotherConnection }
            return queue
        }
        if stored == target.stored {
            if contents.schema != nil && (contents.version ?? target.version) >= target.version {
                // Up to date, or written by a newer version with the same layout,
                // whose record is left as it is. A newer major version may give the
                // same columns another meaning, so it is only read, never written.
                if let version = contents.version, version.major > target.version.major, !isReadOnly {
                    throw OpenSwiftDataError.storeFromNewerVersion(path: configuration.url.path, storeVersion: version.description,
                                                                   schemaVersion: target.version.description)
                }
                if !afterRestoring, !isReadOnly {
                    if let backup = LeftoverMigrationCopy.find(for: configuration.url) {
                        return try finishInterruptedMigration(queue, backup: backup, target: target)
                    }
                    LeftoverMigrationCopy.deleteDiscarded(for: configuration.url)
                }
                return queue
            }
        }
        if let entity = stored.entities.first(where: { heldElsewhere[$0.name] != nil }), let other = heldElsewhere[entity.name] {
            throw OpenSwiftDataError.invalidConfiguration(name: configuration.name,
                                                          problem: .storeHoldsModelsOfAnotherStore(entity: entity.name, otherConfiguration: other))
        }
        if let others = othersModels(in: stored, recorded: contents.schema != nil, target: target) {
            throw OpenSwiftDataError.storeHoldsOtherData(path: configuration.url.path, names: others)
        }
        let path = try MigrationPath(from: stored, version: contents.version, to: target, plan: migrationPlan)
        if path.steps.allSatisfy({ $0.diff.isEmpty && $0.willMigrate == nil && $0.didMigrate == nil }) {
            // Only the record changes (a new version number, or a store that did not record its schema).
            try requireWritable(isReadOnly, "records another schema version")
            try queue.write { db in try StoreMetadata.record(target.encoded, version: target.version, in: db) }
            return queue
        }
        try requireWritable(isReadOnly, "needs a migration (\(path.steps.map(\.label).joined(separator: ", ")))")
        return try migrate(queue, along: path, to: target)
    }

    private func migrate(_ queue: DatabaseQueue, along path: MigrationPath, to target: MigrationPath.Target) throws -> DatabaseQueue {
        let migrated = try MigrationPlanRunner(path: path, target: target, configuration: configuration).run(
            on: queue,
            isDone: { db in try StoreMetadata.read(db, knowing: target.encoded).schema == target.stored },
            beforeCommit: { db in try verify(db, target) })
        if migrated { try MigrationFault.check(.afterCommit) }
        return queue
    }

    /// An earlier version's migration committed but its process ended before the copy
    /// it made was removed: the store now opens, so the copy goes; if it does not, the
    /// copy comes back and the migration runs again.
    private func finishInterruptedMigration(_ queue: DatabaseQueue, backup: LeftoverMigrationCopy, target: MigrationPath.Target) throws -> DatabaseQueue {
        do {
            try queue.writeWithoutTransaction { db in try verify(db, target) }
            backup.remove()
            return queue
        } catch {
            Log.logger.warning("the store at \(configuration.url.path) does not match its schema record (\(error)); restoring \(backup.url.path)")
            try queue.close()
            try backup.restore()
            backup.remove()
            return try bring(try SQLiteStore.open(configuration), to: target, afterRestoring: true)
        }
    }

    /// Every table and column the target's statements use exists, and the record matches.
    private func verify(_ db: Database, _ target: MigrationPath.Target) throws {
        guard try StoreMetadata.read(db, knowing: target.encoded).schema == target.stored else {
            throw OpenSwiftDataError.migrationFailed("the store does not record the schema it was migrated to")
        }
        for entity in target.schema.entities {
            _ = try db.makeStatement(sql: EntityTable(entity: entity, schema: target.schema).selectSQL)
            for relationship in entity.relationships where relationship.usesJoinTable {
                let join = JoinTableLayout(relationship, of: entity).name.quotedIdentifier
                _ = try db.makeStatement(sql: "SELECT \"Z_SOURCE\", \"Z_TARGET\", \"Z_SOURCE_ORDER\", \"Z_TARGET_ORDER\" FROM \(join)")
            }
        }
    }

    private func requireWritable(_ isReadOnly: Bool, _ reason: String) throws {
        guard isReadOnly else { return }
        // Opened read-only although saves are allowed: the file is on read-only media, or
        // in a folder this process may not write (see `SQLiteStore.open`).
        guard !configuration.allowsSave else {
            throw OpenSwiftDataError.migrationFailed(
                "the store at \(configuration.url.path) \(reason), which writes to it, but it is read-only (on read-only media, "
                    + "or a file or folder this process may not write). Fix: make it writable, or copy it (with any -wal file beside it) "
                    + "to a folder you may write and open the copy. The store was not changed.")
        }
        throw OpenSwiftDataError.migrationFailed(
            "the store at \(configuration.url.path) \(reason), but its configuration does not allow saving (allowsSave: false). "
                + "Fix: open it once with allowsSave: true. The store was not changed.")
    }

    /// Creates the tables of a new store and records its schema.
    private func create(_ target: MigrationPath.Target, _ db: Database) throws {
        var joinTables: Set<String> = []
        for entity in target.schema.entities {
            let table = EntityTable(entity: entity, schema: target.schema)
            for statement in table.creationSQL { try db.execute(sql: statement) }
            for relationship in entity.relationships where relationship.usesJoinTable {
                let join = JoinTableLayout(relationship, of: entity)
                if joinTables.insert(join.name).inserted {
                    for statement in join.creationSQL { try db.execute(sql: statement) }
                }
            }
        }
        try StoreMetadata.record(target.encoded, version: target.version, in: db)
    }
}

extension Schema.Relationship {
    /// To-many relationships whose inverse is not to-one are stored in a join table.
    var usesJoinTable: Bool { !isToOneRelationship && (inverse == nil || inverse?.isToOneRelationship == false) }
}
