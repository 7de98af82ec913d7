#if PostgreSQL
import Foundation
import OpenSwiftDataPostgres
import Testing

/// A PostgreSQL error is matched by its code and read through its fields; no server is
/// needed, since nothing listens on port 1.
@Suite struct PostgresErrorCodeTests {
    private let nowhere = PostgresStoreLocation(host: "127.0.0.1", port: 1, user: "osd", password: "osd", database: "osd_test",
                                                sslMode: .disable)

    @Test func anUnreachableServerIsCaughtByItsCode() {
        var caught = false
        do {
            _ = try PostgresSession(location: nowhere)
        } catch PostgresStoreError.Code.serverUnreachable {
            caught = true
        } catch {
            Issue.record("expected an unreachable server, got \(error)")
        }
        #expect(caught)
    }

    @Test func anUnreachableServerNamesTheServer() throws {
        let error = try #require(throws: PostgresStoreError.self) { _ = try PostgresSession(location: nowhere) }
        #expect(error.code == .serverUnreachable)
        #expect(error.server == "127.0.0.1:1")
        #expect(error.sqlState == nil)
        #expect(!error.isRetryable)
    }

    @Test func aRefusedStatementKeepsItsSQLStateAndTellsARetryableOne() {
        let conflict = PostgresStoreError.serverError(sqlState: "40001", message: "could not serialize access")
        #expect(conflict.code == .serverError)
        #expect(conflict.sqlState == "40001")
        #expect(conflict.isRetryable)
        #expect(!PostgresStoreError.serverError(sqlState: "42601", message: "syntax").isRetryable)
    }

    /// "permission denied for schema public (SQLSTATE 42501)" said nothing of what to do.
    @Test func aRefusalForWantOfPrivilegeSaysWhoCanGrantItAndTheSchemaWayAround() {
        let refused = PostgresStoreError.serverError(sqlState: "42501", message: "permission denied for schema public")
        #expect(refused.description.contains("permission denied for schema public (SQLSTATE 42501). The URL's user may not do this there"))
        #expect(refused.description.contains("?schema=NAME"))
    }
}
#endif
