#if PostgreSQL
import Foundation
import Testing
@testable import OpenSwiftDataPostgres

/// What a session says when it cannot connect.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct ConnectionErrorTests {
    private let server: PostgresStoreLocation

    init() throws {
        guard let url = PostgresTestServer.url else { throw MissingServer() }
        server = try PostgresStoreLocation(url: url)
    }

    private func connectionError(_ location: PostgresStoreLocation) -> PostgresStoreError? {
        do {
            let session = try PostgresSession(location: location)
            session.close()
            return nil
        } catch {
            return error
        }
    }

    @Test func anUnreachableServerIsNamedWithItsAddress() throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let location = PostgresStoreLocation(host: "127.0.0.1", port: 1, user: "osd", password: "osd", database: "osd_test", sslMode: .disable)
        let error = try #require(connectionError(location))
        #expect(error == .serverUnreachable(server: "127.0.0.1:1", reason: "connection refused"))
        #expect(error.description == "Cannot reach the PostgreSQL server at 127.0.0.1:1 (connection refused). Is the server running, and listening on that host and port?")
    }

    @Test func aWrongPasswordIsNamedWithTheUser() throws {
        var location = server
        location.password = "not-the-password"
        let error = try #require(connectionError(location))
        #expect(error == .authenticationFailed(user: server.user, server: server.serverDescription))
        #expect(error.description.contains("refused the password of user \"\(server.user)\""))
        #expect(!error.description.contains("not-the-password"))
    }

    @Test func aMissingDatabaseIsNamed() throws {
        var location = server
        location.database = "osd_no_such_database"
        let error = try #require(connectionError(location))
        #expect(error == .databaseNotFound(database: "osd_no_such_database", server: server.serverDescription))
        #expect(error.description.contains("createdb osd_no_such_database"))
    }
}
#endif
