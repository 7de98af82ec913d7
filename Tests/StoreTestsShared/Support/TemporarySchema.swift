#if PostgreSQL
import Foundation
import OpenSwiftDataPostgres

/// A PostgreSQL schema of one test's own, dropped with everything in it when the
/// test lets go of it; sessions made through it use it as their `search_path` and
/// are closed first.
final class TemporarySchema {
    let name: String
    /// The test server's location with `schema` set to this schema.
    let location: PostgresStoreLocation
    private let admin: PostgresSession
    private var sessions: [PostgresSession] = []

    /// - Parameters:
    ///   - create: false leaves the schema for the code under test to create.
    ///   - prefix: the start of its name, before a unique part.
    init(create: Bool = true, prefix: String = "osd_test_") throws {
        guard let url = PostgresTestServer.url else { throw MissingServer() }
        let server = try PostgresStoreLocation(url: url)
        name = prefix + UUID().uuidString.lowercased().filter { $0 != "-" }
        var location = server
        location.schema = name
        self.location = location
        admin = try PostgresSession(location: server)
        if create {
            try admin.execute("CREATE SCHEMA \(PostgresDialect.quote(name))")
        }
    }

    /// A new session on this schema, closed when the schema is dropped.
    func session() throws -> PostgresSession {
        let session = try PostgresSession(location: location)
        sessions.append(session)
        return session
    }

    deinit {
        for session in sessions { session.close() }
        _ = try? admin.execute("DROP SCHEMA IF EXISTS \(PostgresDialect.quote(name)) CASCADE")
        admin.close()
    }
}
#endif
