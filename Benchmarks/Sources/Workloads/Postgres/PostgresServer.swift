import Foundation
import OpenSwiftDataPostgres

/// The PostgreSQL server the `PG …` benchmarks run on, named by `OSD_POSTGRES_URL`
/// (`postgres://user:password@host:port/database`). Without it those benchmarks are not
/// registered and `Benchmarks/run` says so.
///
/// Every store is a schema of its own in that database, `bench_<directory>`, made for
/// the iteration (or, for read workloads, the benchmark) and dropped after it, so the
/// benchmarks never touch the tables of the tests or of each other.
public enum PostgresServer {
    public static let urlVariable = "OSD_POSTGRES_URL"

    /// The server and database from `OSD_POSTGRES_URL`; nil when it is unset or empty.
    public static let base: PostgresStoreLocation? = {
        guard let text = ProcessInfo.processInfo.environment[urlVariable], !text.isEmpty else { return nil }
        return try? PostgresStoreLocation(url: text)
    }()

    /// Whether `OSD_POSTGRES_URL` is set but cannot be read, to say so instead of skipping quietly.
    public static var urlIsInvalid: Bool {
        guard let text = ProcessInfo.processInfo.environment[urlVariable], !text.isEmpty else { return false }
        return base == nil
    }

    /// The location of the store that lives in `directory`'s schema.
    public static func location(for directory: URL) -> PostgresStoreLocation? {
        guard var location = base else { return nil }
        let name = directory.lastPathComponent.lowercased().filter { $0.isLetter || $0.isNumber }
        location.schema = "bench_" + String(name.suffix(40))
        return location
    }

    /// Drops the schema of `location` with everything in it.
    public static func dropSchema(of location: PostgresStoreLocation) {
        guard let schema = location.schema else { return }
        var server = location
        server.schema = nil
        guard let session = try? PostgresSession(location: server) else { return }
        defer { session.close() }
        _ = try? session.execute("DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE")
    }
}
