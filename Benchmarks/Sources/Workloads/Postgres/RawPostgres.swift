import Foundation
import Logging
import NIOPosix
import OpenSwiftDataPostgres
import PostgresNIO

/// One PostgresNIO connection, as a careful user of the library holds it: its own event
/// loop, statements with bound parameters (`PostgresQuery`'s interpolation binds every
/// value), rows decoded straight into the workload's value types.
///
/// The harness is synchronous and PostgresNIO is async: `run` hands a closure to Swift
/// concurrency and waits for it, once per measured region, as Fluent's store does.
final class RawPostgres {
    let connection: PostgresConnection
    private let group: MultiThreadedEventLoopGroup
    static let logger = Logger(label: "benchmarks.postgresnio")

    /// Connects to the iteration's schema, creating it if missing.
    init(_ iteration: Iteration) throws {
        guard let location = iteration.postgres else { throw WorkloadError("PostgresNIO: the iteration has no PostgreSQL store") }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: .disable)
        if let schema = location.schema {
            configuration.options.additionalStartupParameters.append(("search_path", "\"\(schema)\""))
        }
        do {
            connection = try PostgresConnection.connect(on: group.next(), configuration: configuration, id: 1, logger: Self.logger).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        self.group = group
        if let schema = location.schema {
            try run { connection in
                _ = try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""), logger: Self.logger)
            }
        }
    }

    deinit {
        try? connection.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Runs `body` on the connection and waits for its result.
    @discardableResult
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        let connection = self.connection
        return try group.next().makeFutureWithTask { try await body(connection) }.wait()
    }

    /// Runs statements without binds (schema setup).
    func execute(_ statements: [String]) throws {
        try run { connection in
            for sql in statements { _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger) }
        }
    }
}

extension PostgresConnection {
    /// `BEGIN`, `body`, `COMMIT`; `ROLLBACK` when it throws.
    func transaction<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        _ = try await query("BEGIN", logger: RawPostgres.logger)
        do {
            let result = try await body()
            _ = try await query("COMMIT", logger: RawPostgres.logger)
            return result
        } catch {
            _ = try? await query("ROLLBACK", logger: RawPostgres.logger)
            throw error
        }
    }
}
