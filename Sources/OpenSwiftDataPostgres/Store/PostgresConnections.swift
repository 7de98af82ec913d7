#if PostgreSQL
import Foundation
import OpenSwiftData
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ``PostgresStore`` gets its sessions: its own pool, or, while a migration plan's
/// stage code runs, the one session of the migration's transaction, so that what the stage
/// fetches includes the migration's uncommitted changes and what it saves commits (or
/// rolls back) with the migration.
///
/// While a context's ``ModelContext/transaction(block:)`` runs, its thread keeps one
/// session of the pool in a transaction that holds the store's tables (see
/// `PostgresStore.exclusively`): every statement of that thread goes through it, so that
/// the block's reads, its batch changes and its save are the one transaction.
final class PostgresConnections: @unchecked Sendable {
    private enum Source {
        case pool(PostgresSessionPool)
        /// A session inside a transaction someone else commits; a save is a savepoint of it.
        case migration(PostgresSession)
    }

    /// A thread's held transaction, and the context whose save commits it.
    struct HeldTransaction {
        let session: PostgresSession
        let owner: UUID
    }

    private let source: Source
    private let held = Mutex<[UInt: HeldTransaction]>([:])

    init(pool: PostgresSessionPool) { source = .pool(pool) }
    init(migration session: PostgresSession) { source = .migration(session) }

    /// The pool, when the store has one (not inside a migration).
    var pool: PostgresSessionPool? {
        if case .pool(let pool) = source { return pool }
        return nil
    }

    /// The transaction this thread holds, if any.
    var heldTransaction: HeldTransaction? { held.withLock { $0[Self.currentThread] } }

    func withSession<Result>(_ body: (PostgresSession) throws -> Result) throws -> Result {
        if let transaction = heldTransaction { return try body(transaction.session) }
        switch source {
        case .pool(let pool): return try pool.withSession(body)
        case .migration(let session): return try body(session)
        }
    }

    /// `body` as one transaction of its own, or as a savepoint of the migration's or of
    /// this thread's held transaction.
    func transaction<Result>(_ body: (PostgresSession) throws -> Result) throws -> Result {
        if let transaction = heldTransaction { return try Self.savepoint(on: transaction.session, body) }
        switch source {
        case .pool(let pool): return try pool.transaction(body)
        case .migration(let session): return try Self.savepoint(on: session, body)
        }
    }

    private static func savepoint<Result>(on session: PostgresSession, _ body: (PostgresSession) throws -> Result) throws -> Result {
        try session.execute("SAVEPOINT osd_nested_save")
        do {
            let result = try body(session)
            try session.execute("RELEASE SAVEPOINT osd_nested_save")
            return result
        } catch {
            _ = try? session.execute("ROLLBACK TO SAVEPOINT osd_nested_save")
            throw error
        }
    }

    /// Makes `transaction` this thread's held transaction until `release()`.
    func hold(_ transaction: HeldTransaction) {
        held.withLock { $0[Self.currentThread] = transaction }
    }

    /// This thread holds no transaction any more.
    func release() {
        _ = held.withLock { $0.removeValue(forKey: Self.currentThread) }
    }

    func close() {
        pool?.close()
    }

    /// The calling thread, as a key: a held transaction belongs to the thread that runs
    /// the block, which is synchronous and so never leaves it.
    private static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: Int(bitPattern: pthread_self()))
        #else
        UInt(pthread_self())
        #endif
    }
}
#endif
