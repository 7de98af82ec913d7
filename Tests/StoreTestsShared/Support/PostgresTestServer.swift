import Foundation
import OpenSwiftDataPostgres

/// The server the tests use: `OSD_POSTGRES_URL`, which `.ci/postgres` exports after
/// starting one. Without it, or when the package is built without its `PostgreSQL`
/// trait, the suites that need a server are skipped, saying which.
enum PostgresTestServer {
    static let variable = "OSD_POSTGRES_URL"
    static let url: String? = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    #if PostgreSQL
    static let isConfigured = url != nil
    static let skipReason = "set \(variable) to a postgres:// URL; .ci/postgres starts a server and sets it"
    #else
    static let isConfigured = false
    static let skipReason = "the PostgreSQL store is built with the package trait: swift test --traits PostgreSQL"
    #endif
}

struct MissingServer: Error, CustomStringConvertible {
    var description: String { PostgresTestServer.skipReason }
}
