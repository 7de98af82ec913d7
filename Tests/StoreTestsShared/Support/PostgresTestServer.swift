import Foundation
import OpenSwiftDataPostgres

/// The server the tests use: `OSD_POSTGRES_URL`, which `.ci/postgres` exports after
/// starting one. Without it, the suites that need a server are skipped with
/// ``skipReason``.
enum PostgresTestServer {
    static let variable = "OSD_POSTGRES_URL"
    static let url: String? = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    static let isConfigured = url != nil
}

struct MissingServer: Error, CustomStringConvertible {
    var description: String { "set \(PostgresTestServer.variable) to a postgres:// URL (.ci/postgres starts a server and sets it)" }
}
