import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import OpenSwiftDataPostgres

/// One store file opened through Fluent, set up as a Fluent app sets up its own: an
/// event loop group and a thread pool of its own, the SQLite driver registered on
/// `Databases`, migrations run by Fluent's `Migrator`.
///
/// Fluent is async and the harness is not: `run` hands a closure to Swift concurrency
/// and waits for it on the caller's thread, as a command-line tool built on Fluent
/// does. One event loop and one pool thread: the driver keeps one connection per event
/// loop, and SQLite serialises work on one connection anyway.
final class FluentStore {
    let database: any Database
    private let eventLoopGroup: MultiThreadedEventLoopGroup
    private let threadPool: NIOThreadPool
    private let databases: Databases
    private static let logger = Logger(label: "benchmarks.fluent")

    /// The iteration's store: its SQLite file, or on the `PG …` benchmarks its
    /// PostgreSQL schema through Fluent's PostgreSQL driver.
    convenience init(_ run: Iteration) throws {
        if let postgres = run.postgres {
            try self.init(postgres: postgres)
        } else {
            try self.init(run.storeURL)
        }
    }

    init(_ url: URL) throws {
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        let databases = Databases(threadPool: threadPool, on: eventLoopGroup)
        // No query logging: the other engines log nothing either.
        databases.use(.sqlite(.file(url.path), sqlLogLevel: nil), as: .sqlite)
        guard let database = databases.database(logger: Self.logger, on: eventLoopGroup.any()) else {
            throw WorkloadError("Fluent: no database for \(url.path)")
        }
        (self.eventLoopGroup, self.threadPool, self.databases, self.database) = (eventLoopGroup, threadPool, databases, database)
        try applySettings()
    }

    /// Fluent on PostgreSQL as a Vapor app configures it (`.postgres(configuration:)`),
    /// its `search_path` the iteration's schema, which is created first if missing.
    init(postgres location: PostgresStoreLocation) throws {
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        let databases = Databases(threadPool: threadPool, on: eventLoopGroup)
        let server = SQLPostgresConfiguration(hostname: location.host, port: location.port, username: location.user,
                                              password: location.password, database: location.database, tls: .disable)
        let configuration = SQLPostgresConfiguration(coreConfiguration: server.coreConfiguration,
                                                     searchPath: location.schema.map { [$0] })
        databases.use(.postgres(configuration: configuration), as: .psql)
        guard let database = databases.database(logger: Self.logger, on: eventLoopGroup.any()) else {
            throw WorkloadError("Fluent: no database for \(location)")
        }
        (self.eventLoopGroup, self.threadPool, self.databases, self.database) = (eventLoopGroup, threadPool, databases, database)
        if let schema = location.schema {
            try run { database in
                guard let sql = database as? any SQLDatabase else { throw WorkloadError("Fluent: the PostgreSQL driver is not an SQLDatabase") }
                try await sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
            }
        }
    }

    deinit {
        databases.shutdown()
        try? threadPool.syncShutdownGracefully()
        try? eventLoopGroup.syncShutdownGracefully()
    }

    /// Runs `body` on the database and waits for its result.
    func run<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) throws -> T {
        let database = self.database
        return try database.eventLoop.makeFutureWithTask { try await body(database) }.wait()
    }

    /// Runs `migrations` as one batch, as `vapor migrate` would.
    func migrate(_ migrations: [any Migration]) throws {
        let list = Migrations()
        list.add(migrations)
        let migrator = Migrator(databases: databases, migrations: list, logger: Self.logger, on: database.eventLoop,
                                migrationLogLevel: .debug)
        try migrator.setupIfNeeded().flatMap { migrator.prepareBatch() }.wait()
    }

    /// The settings every engine uses (`StoreSettings`), through Fluent's SQL layer as a
    /// Fluent app issues raw SQL. They are per connection (WAL is per file), and the
    /// driver keeps its one connection open, so the check below sees the one that
    /// every later query uses.
    private func applySettings() throws {
        let (journalMode, synchronous, foreignKeys) = try run { database in
            guard let sql = database as? any SQLDatabase else { throw WorkloadError("Fluent: the SQLite driver is not an SQLDatabase") }
            for pragma in StoreSettings.pragmas { try await sql.raw(SQLQueryString(pragma)).run() }
            let journalMode = try await sql.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
            let synchronous = try await sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
            let foreignKeys = try await sql.raw("PRAGMA foreign_keys").first()?.decode(column: "foreign_keys", as: Int.self)
            return (journalMode, synchronous, foreignKeys)
        }
        try check(journalMode == "wal" && synchronous == 1 && foreignKeys == 1,
                  "Fluent: store settings not applied (journal_mode \(journalMode ?? "?"), synchronous \(synchronous.map(String.init) ?? "?"), foreign_keys \(foreignKeys.map(String.init) ?? "?"))")
    }

    /// The version of the SQLite library that Fluent's driver runs on (sqlite-nio
    /// bundles its own).
    func sqliteVersion() throws -> String {
        try run { database in
            guard let sql = database as? any SQLDatabase else { throw WorkloadError("Fluent: the SQLite driver is not an SQLDatabase") }
            return try await sql.raw("SELECT sqlite_version() AS version").first()?.decode(column: "version", as: String.self) ?? "?"
        }
    }
}

extension Collection where Element: Model, Self: Sendable {
    /// Inserts the models in multi-row INSERTs of `chunk` models each, as a Fluent app
    /// seeds a table (one statement per model would make setup minutes long; SQLite
    /// caps the bound values of one statement). Setup only: no workload measures it.
    func createInChunks(of chunk: Int = 1_000, on database: any Database) async throws {
        var start = startIndex
        while start != endIndex {
            let end = index(start, offsetBy: chunk, limitedBy: endIndex) ?? endIndex
            try await Array(self[start..<end]).create(on: database)
            start = end
        }
    }
}
