import Foundation
import GRDB

/// Opens a container's store and brings it to the container's schema.
///
/// - A new store gets its tables and records its schema.
/// - A store recording the same schema and version opens as it is, with reads only.
/// - Any other store is migrated: the path (the plan's stages, or one lightweight
///   step) is computed and checked against the schemas first, so that an
///   impossible change throws before anything is written; then the store is copied
///   beside itself (`StoreBackup`) while it is migrated in one transaction on the
///   connection that read it (`MigrationPlanRunner`) and checked before the commit;
///   only then is the copy removed.
struct StoreMigrator {
    let schema: Schema
    let migrationPlan: (any SchemaMigrationPlan.Type)?
    let configuration: ModelConfiguration

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
        } catch {
            try? queue.close()
            throw error
        }
    }

    private func bring(_ queue: DatabaseQueue, to target: MigrationPath.Target, afterRestoring: Bool) throws -> DatabaseQueue {
        let (contents, stored) = try queue.read { db in
            let contents = try StoreMetadata.read(db, knowing: target.encoded)
            return (contents, try contents.schema ?? StoredSchema.introspect(db, assuming: target.schema))
        }
        let isReadOnly = queue.configuration.readonly
        if stored.isEmpty {
            try requireWritable(isReadOnly, "has no tables yet")
            try queue.write { db in try create(target, db) }
            return queue
        }
        if stored == target.stored {
            if contents.schema != nil && (contents.version ?? target.version) >= target.version {
                // Up to date, or written by a newer version with the same layout,
                // whose record is left as it is.
                if !afterRestoring, !isReadOnly {
                    if let backup = StoreBackup.leftover(for: configuration.url) {
                        return try finishInterruptedMigration(queue, backup: backup, target: target)
                    }
                    StoreBackup.deleteDiscarded(for: configuration.url)
                }
                return queue
            }
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
        var copying: StoreBackup.Copying?
        var backup: StoreBackup?
        do {
            try MigrationPlanRunner(path: path, target: target, configuration: configuration).run(
                on: queue,
                beforeChanges: { copying = try StoreBackup.start(of: configuration.url) },
                beforeCommit: { db in
                    // Checked inside the transaction, while the copy completes.
                    try verify(db, target)
                    backup = try copying?.finish()
                })
        } catch {
            // The transaction rolled back: the store is as it was, the copy not needed.
            copying?.discard()
            throw error
        }
        do {
            try MigrationFault.check(.afterCommit)
            backup?.removeInBackground()
            return queue
        } catch {
            try? queue.close()
            guard let backup else { throw error }
            do {
                try backup.restore()
                backup.remove()
            } catch let restoreError {
                throw OpenSwiftDataError.migrationFailed(
                    "the migrated store at \(configuration.url.path) fails its check after the migration (\(error)) and the copy taken before the migration "
                        + "could not be put back (\(restoreError)); the copy is at \(backup.url.path)")
            }
            throw OpenSwiftDataError.migrationFailed(
                "the migrated store at \(configuration.url.path) fails its check after the migration (\(error)); it was restored from the copy taken before the migration")
        }
    }

    /// A migration committed but the process ended before the copy was removed:
    /// the store now opens, so the copy goes; if it does not, the copy comes back
    /// and the migration runs again.
    private func finishInterruptedMigration(_ queue: DatabaseQueue, backup: StoreBackup, target: MigrationPath.Target) throws -> DatabaseQueue {
        do {
            try queue.read { db in try verify(db, target) }
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
            _ = try db.makeStatement(sql: EntityTable(entity: entity).selectSQL)
            for relationship in entity.relationships where relationship.usesJoinTable {
                let join = JoinTable(relationship, of: entity).name.quotedIdentifier
                _ = try db.makeStatement(sql: "SELECT \"Z_SOURCE\", \"Z_TARGET\", \"Z_SOURCE_ORDER\", \"Z_TARGET_ORDER\" FROM \(join)")
            }
        }
    }

    private func requireWritable(_ isReadOnly: Bool, _ reason: String) throws {
        guard isReadOnly else { return }
        throw OpenSwiftDataError.migrationFailed(
            "the store at \(configuration.url.path) \(reason), but its configuration does not allow saving (allowsSave: false). "
                + "Fix: open it once with allowsSave: true. The store was not changed.")
    }

    /// Creates the tables of a new store and records its schema.
    private func create(_ target: MigrationPath.Target, _ db: Database) throws {
        var joinTables: Set<String> = []
        for entity in target.schema.entities {
            let table = EntityTable(entity: entity)
            for statement in table.creationSQL { try db.execute(sql: statement) }
            for relationship in entity.relationships where relationship.usesJoinTable {
                let join = JoinTable(relationship, of: entity)
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
