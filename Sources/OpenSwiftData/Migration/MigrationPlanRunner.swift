import Foundation
import GRDB

/// Runs a `MigrationPath` in one SQLite transaction on the store's connection.
///
/// A custom stage's `willMigrate` and `didMigrate` get contexts on containers of
/// the stage's old and new schemas over this same connection, so what they fetch
/// includes the migration's uncommitted changes, and their saves become savepoints
/// of the migration's transaction (`SQLiteStore.write`). The transaction is left
/// open between database accesses (see `SQLiteStore.open`).
///
/// If anything throws, the transaction rolls back and the store is as it was; a
/// crash leaves the transaction uncommitted, which SQLite discards on the next open.
struct MigrationPlanRunner {
    let path: MigrationPath
    let target: MigrationPath.Target
    let configuration: ModelConfiguration

    /// Runs the steps, then `beforeCommit` last before the commit, where the result is checked.
    ///
    /// Returns false, having changed nothing, when `isDone` finds the work already
    /// done once the write lock is held: another process opening the same store at
    /// the same moment migrated it first.
    @discardableResult
    func run(on queue: DatabaseQueue, isDone: (Database) throws -> Bool = { _ in false },
             beforeCommit: (Database) throws -> Void) throws -> Bool {
        // Immediate: the migration waits for another connection's write to finish
        // (`SQLiteStore.busyTimeout`), then holds the write lock until it commits.
        let done = try queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
            if try isDone(db) {
                try db.execute(sql: "ROLLBACK TRANSACTION")
                return true
            }
            return false
        }
        if done { return false }
        do {
            let statements = MigrationStatements()
            for step in path.steps {
                if let willMigrate = step.willMigrate, let oldSchema = step.oldSchema {
                    try runStageCode(willMigrate, schema: oldSchema, queue: queue, label: "willMigrate of the stage \(step.label)")
                }
                try queue.writeWithoutTransaction { db in
                    try statements.using(db) { try LightweightMigration(diff: step.diff).apply(statements) }
                }
                if let didMigrate = step.didMigrate {
                    try runStageCode(didMigrate, schema: step.target, queue: queue, label: "didMigrate of the stage \(step.label)")
                }
                Log.logger.info("migrated \(configuration.url.lastPathComponent): \(step.label)")
            }
            try queue.writeWithoutTransaction { db in
                try StoreMetadata.record(target.encoded, version: target.version, in: db)
            }
            try queue.writeWithoutTransaction { db in try beforeCommit(db) }
            try MigrationFault.check(.beforeCommit)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "COMMIT TRANSACTION") }
            return true
        } catch {
            try? queue.writeWithoutTransaction { db in
                if !db.isInsideTransaction { return }
                try db.execute(sql: "ROLLBACK TRANSACTION")
            }
            if let error = error as? DatabaseError {
                throw OpenSwiftDataError.migrationFailed(
                    "SQLite refused the migration of \(configuration.url.lastPathComponent): \(error.message ?? "\(error.resultCode)")"
                        + (error.sql.map { " (in \($0))" } ?? "") + ". The store was not changed.")
            }
            throw error
        }
    }

    /// Runs a stage's code on a fresh context of `schema`, and saves what it leaves unsaved.
    private func runStageCode(_ body: (ModelContext) throws -> Void, schema: Schema, queue: DatabaseQueue, label: String) throws {
        let store = SQLiteStore(schema: schema, configuration: configuration, database: queue, readsThroughWriter: true)
        let context = ModelContext(ModelContainer(schema: schema, store: store))
        do {
            try body(context)
            if context.hasChanges { try context.save() }
        } catch {
            Log.logger.error("migration of \(configuration.url.lastPathComponent) failed in the \(label): \(error)")
            throw error
        }
    }
}
