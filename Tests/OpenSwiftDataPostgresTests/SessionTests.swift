#if PostgreSQL
import Foundation
import PostgresNIO
import Testing
@testable import OpenSwiftDataPostgres

private struct Refusal: Error, Equatable {}

/// A session's blocking calls and transactions against the real server.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
final class SessionTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema()
    }

    private func counter(_ session: PostgresSession) throws {
        try session.execute("CREATE TABLE \"counter\" (\"id\" BIGINT PRIMARY KEY, \"value\" BIGINT NOT NULL)")
        try session.execute("INSERT INTO \"counter\" VALUES (1, 0)")
    }

    private func value(_ session: PostgresSession) throws -> PostgresValue {
        try session.query("SELECT \"value\" FROM \"counter\" WHERE \"id\" = 1").first?[0] ?? .null
    }

    @Test func connectsAndAnswersAQuery() throws {
        let session = try scratch.session()
        let rows = try session.query("SELECT 1 + $1 AS \"sum\", current_schema() AS \"schema\"", [.bigint(41)])
        #expect(rows.count == 1)
        #expect(rows.first?["sum"] == .bigint(42))
        #expect(rows.first?["schema"] == .text(scratch.name))
    }

    @Test func executeCountsTheRowsItChanged() throws {
        let session = try scratch.session()
        try session.execute("CREATE TABLE \"t\" (\"x\" BIGINT)")
        #expect(try session.execute("INSERT INTO \"t\" SELECT generate_series(1, 5)") == 5)
        #expect(try session.execute("DELETE FROM \"t\" WHERE \"x\" > $1", [.bigint(3)]) == 2)
    }

    @Test func aTransactionCommitsWhatItsBodyWrote() throws {
        let session = try scratch.session()
        try counter(session)
        try session.transaction { _ = try $0.execute("UPDATE \"counter\" SET \"value\" = 5") }
        #expect(try value(session) == .bigint(5))
    }

    @Test func aTransactionThatThrowsLeavesNothing() throws {
        let session = try scratch.session()
        try counter(session)
        #expect(throws: Refusal()) {
            try session.transaction { session in
                try session.execute("UPDATE \"counter\" SET \"value\" = 5")
                try session.execute("INSERT INTO \"counter\" VALUES (2, 2)")
                throw Refusal()
            }
        }
        #expect(try value(session) == .bigint(0))
        #expect(try session.query("SELECT count(*) FROM \"counter\"").first?[0] == .bigint(1))
    }

    @Test func aSerialisationFailureIsRetried() throws {
        let session = try scratch.session()
        let rival = try scratch.session()
        try counter(session)
        var attempts = 0
        try session.transaction(isolation: .repeatableRead) { session in
            attempts += 1
            guard case let .bigint(read) = try value(session) else { throw Refusal() }
            // After this transaction's snapshot, another commits a change to the same row:
            // the update below then fails with SQLSTATE 40001, the first time only.
            if attempts == 1 { try rival.execute("UPDATE \"counter\" SET \"value\" = \"value\" + 10") }
            try session.execute("UPDATE \"counter\" SET \"value\" = $1", [.bigint(read + 1)])
        }
        #expect(attempts == 2)
        #expect(try value(session) == .bigint(11))
    }

    @Test func aTransactionThatKeepsLosingGivesUpAndWritesNothing() throws {
        let session = try scratch.session()
        let rival = try scratch.session()
        try counter(session)
        var attempts = 0
        #expect(throws: PostgresStoreError.serializationFailure(attempts: 3)) {
            try session.transaction(isolation: .serializable, maxAttempts: 3) { session in
                attempts += 1
                _ = try value(session)
                try session.execute("INSERT INTO \"counter\" VALUES ($1, 0)", [.bigint(Int64(100 + attempts))])
                try rival.execute("UPDATE \"counter\" SET \"value\" = \"value\" + 1")
                try session.execute("UPDATE \"counter\" SET \"value\" = 0")
            }
        }
        #expect(attempts == 3)
        #expect(try value(session) == .bigint(3))
        #expect(try session.query("SELECT count(*) FROM \"counter\"").first?[0] == .bigint(1))
    }

    @Test func aCaughtStatementFailureStillFailsTheCommit() throws {
        let session = try scratch.session()
        try counter(session)
        #expect(throws: PostgresStoreError.transactionAborted) {
            try session.transaction { session in
                try session.execute("UPDATE \"counter\" SET \"value\" = 7")
                _ = try? session.execute("INSERT INTO \"counter\" VALUES (1, 1)")
            }
        }
        #expect(try value(session) == .bigint(0))
    }

    @Test func aTransactionInsideAnotherIsRefused() throws {
        let session = try scratch.session()
        #expect(throws: PostgresStoreError.nestedTransaction) {
            try session.transaction { session in try session.transaction { _ in } }
        }
    }

    @Test func aDuplicateUniqueKeyNamesTheTable() throws {
        let session = try scratch.session()
        try counter(session)
        #expect(throws: PostgresStoreError.uniqueViolation(table: "counter", constraint: "counter_pkey")) {
            try session.execute("INSERT INTO \"counter\" VALUES (1, 1)")
        }
    }

    @Test func aCallOnAnEventLoopThreadThrowsInsteadOfWaiting() throws {
        let session = try scratch.session()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let error = try group.next().submit { () -> PostgresStoreError? in
            do {
                _ = try session.query("SELECT 1")
                return nil
            } catch {
                return error as? PostgresStoreError
            }
        }.wait()
        #expect(error == .calledOnEventLoop)
        #expect(error?.description.contains("event loop") == true)
        #expect(try session.query("SELECT 1").first?[0] == .bigint(1))
    }

    @Test func aLostConnectionIsNamedAndBreaksTheSession() throws {
        let session = try scratch.session()
        #expect(throws: PostgresStoreError.connectionLost(server: scratch.location.serverDescription)) {
            try session.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        }
        #expect(session.isBroken)
        #expect(throws: PostgresStoreError.connectionLost(server: scratch.location.serverDescription)) {
            try session.query("SELECT 1")
        }
    }

    @Test func aClosedSessionSaysSo() throws {
        let session = try scratch.session()
        session.close()
        #expect(throws: PostgresStoreError.closed) { try session.query("SELECT 1") }
    }
}
#endif
