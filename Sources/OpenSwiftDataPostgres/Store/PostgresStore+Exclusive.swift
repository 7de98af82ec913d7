#if PostgreSQL
import Foundation
import OpenSwiftData

// A context's transaction: its reads and its save with no other writer between them.
extension PostgresStore {
    /// Runs `body` in a transaction on one session that first takes every table of the
    /// store in `SHARE ROW EXCLUSIVE` mode: reads of other sessions go on, but their
    /// writes (and other such transactions) wait until it ends, on this server or any
    /// other. The first save of the context within it commits it; if `body` throws
    /// first, it is rolled back.
    package func exclusively<T>(for editingState: EditingState, _ body: () throws -> T) throws -> T {
        // Inside a migration, or inside another transaction of this thread: that one holds the tables.
        guard let pool = connections.pool, connections.heldTransaction == nil else { return try body() }
        return try pool.withSession { session in
            try lockTables(on: session)
            connections.hold(.init(session: session, owner: editingState.id))
            defer { connections.release() }
            let value: T
            do {
                value = try body()
            } catch {
                if connections.heldTransaction != nil { _ = try? session.execute("ROLLBACK") }
                throw error
            }
            if connections.heldTransaction != nil {
                connections.release()
                try commit(on: session)
            }
            return value
        }
    }

    /// `body`, a save, as its own transaction, or, inside a context's transaction, as
    /// the end of it: it commits it, so that the context learns it saved only once the
    /// rows are in the database.
    func saveTransaction<Result>(for editingState: EditingState, _ body: (PostgresSession) throws -> Result) throws -> Result {
        guard let held = connections.heldTransaction else { return try connections.transaction(body) }
        guard held.owner == editingState.id else {
            throw OpenSwiftDataError.saveDuringAnotherContextsTransaction(store: name)
        }
        let result = try body(held.session)
        connections.release()
        try commit(on: held.session)
        return result
    }

    /// Begins the transaction and takes the tables; a deadlock with writers that held
    /// some of them is retried, as a save's transaction is.
    private func lockTables(on session: PostgresSession) throws {
        let tables = layout.tableNames.map(PostgresDialect.quote).joined(separator: ", ")
        let attempts = 5
        for attempt in 1...attempts {
            try session.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
            do {
                try session.execute("LOCK TABLE \(tables) IN SHARE ROW EXCLUSIVE MODE")
                return
            } catch where error.isRetryable && attempt < attempts {
                _ = try? session.execute("ROLLBACK")
                Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.01) * Double(attempt))
            } catch {
                _ = try? session.execute("ROLLBACK")
                throw error
            }
        }
    }

    private func commit(on session: PostgresSession) throws {
        do {
            try session.commitTransaction()
        } catch {
            _ = try? session.execute("ROLLBACK")
            throw error
        }
    }
}
#endif
