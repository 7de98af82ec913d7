#if PostgreSQL
import Foundation
import PostgresNIO
import Testing
@testable import OpenSwiftDataPostgres

/// The pool: bounded, lending one session at a time, replacing broken ones.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
final class SessionPoolTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema()
    }

    private static func backendID(_ session: PostgresSession) throws -> PostgresValue {
        try session.query("SELECT pg_backend_pid()::bigint").first?[0] ?? .null
    }

    @Test func lendsTheSameSessionAgainWhenItIsFree() throws {
        let pool = PostgresSessionPool(location: scratch.location, maximumSessions: 2)
        defer { pool.close() }
        let first = try pool.withSession(Self.backendID)
        let second = try pool.withSession(Self.backendID)
        #expect(first == second)
        #expect(pool.openSessions == 1)
    }

    @Test func replacesASessionWhoseConnectionBroke() throws {
        let pool = PostgresSessionPool(location: scratch.location, maximumSessions: 1)
        defer { pool.close() }
        let broken = try pool.withSession(Self.backendID)
        #expect(throws: PostgresStoreError.connectionLost(server: scratch.location.serverDescription)) {
            try pool.withSession { session in try session.execute("SELECT pg_terminate_backend(pg_backend_pid())") }
        }
        let replacement = try pool.withSession(Self.backendID)
        #expect(replacement != broken)
        #expect(pool.openSessions == 1)
    }

    @Test func aBorrowerWaitsNoLongerThanItsTimeoutWhenAllSessionsAreLent() throws {
        let pool = PostgresSessionPool(location: scratch.location, maximumSessions: 1, waitTimeout: 0.2)
        defer { pool.close() }
        #expect(throws: PostgresStoreError.poolExhausted(size: 1, waitedSeconds: 0.2)) {
            try pool.withSession { _ in try pool.withSession { _ in } }
        }
        // The lent session came back: the pool still lends.
        #expect(try pool.withSession { try $0.query("SELECT 1").count } == 1)
    }

    @Test func neverOpensMoreSessionsThanItsBound() throws {
        let pool = PostgresSessionPool(location: scratch.location, maximumSessions: 2)
        defer { pool.close() }
        let seen = LockedSet()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let id = try? pool.withSession({ session in
                _ = try session.query("SELECT pg_sleep(0.05)")
                return try SessionPoolTests.backendID(session)
            }) { seen.insert(id) }
        }
        #expect(seen.count >= 1 && seen.count <= 2)
        #expect(pool.openSessions <= 2)
    }

    @Test func aClosedPoolLendsNothing() throws {
        let pool = PostgresSessionPool(location: scratch.location)
        pool.close()
        #expect(throws: PostgresStoreError.closed) { try pool.withSession { _ in } }
    }

    @Test func aPoolRefusesToWaitOnAnEventLoopThread() throws {
        let pool = PostgresSessionPool(location: scratch.location)
        defer { pool.close() }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let error = try group.next().submit { () -> PostgresStoreError? in
            do {
                try pool.withSession { _ in }
                return nil
            } catch {
                return error as? PostgresStoreError
            }
        }.wait()
        #expect(error == .calledOnEventLoop)
    }
}

/// Backend ids seen from several threads.
private final class LockedSet: @unchecked Sendable {
    private let lock = NSLock()
    private var values: Set<PostgresValue> = []
    func insert(_ value: PostgresValue) { lock.withLock { _ = values.insert(value) } }
    var count: Int { lock.withLock { values.count } }
}
#endif
