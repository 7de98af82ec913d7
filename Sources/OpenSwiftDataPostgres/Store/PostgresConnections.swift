#if PostgreSQL
import Foundation

/// Where a ``PostgresStore`` gets its sessions: its own pool, or, while a migration plan's
/// stage code runs, the one session of the migration's transaction, so that what the stage
/// fetches includes the migration's uncommitted changes and what it saves commits (or
/// rolls back) with the migration.
enum PostgresConnections: @unchecked Sendable {
    case pool(PostgresSessionPool)
    /// A session inside a transaction someone else commits; a save is a savepoint of it.
    case migration(PostgresSession)

    func withSession<Result>(_ body: (PostgresSession) throws -> Result) throws -> Result {
        switch self {
        case .pool(let pool): try pool.withSession(body)
        case .migration(let session): try body(session)
        }
    }

    /// `body` as one transaction of its own, or as a savepoint of the migration's.
    func transaction<Result>(_ body: (PostgresSession) throws -> Result) throws -> Result {
        switch self {
        case .pool(let pool):
            return try pool.transaction(body)
        case .migration(let session):
            try session.execute("SAVEPOINT osd_stage_save")
            do {
                let result = try body(session)
                try session.execute("RELEASE SAVEPOINT osd_stage_save")
                return result
            } catch {
                _ = try? session.execute("ROLLBACK TO SAVEPOINT osd_stage_save")
                throw error
            }
        }
    }

    func close() {
        if case .pool(let pool) = self { pool.close() }
    }
}
#endif
