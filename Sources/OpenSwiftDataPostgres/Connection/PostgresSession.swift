#if PostgreSQL
import Foundation
import PostgresNIO

/// One connection to a PostgreSQL server, with blocking calls.
///
/// SwiftData's API is synchronous and PostgresNIO's is not: a session runs its
/// connection's work on an event loop of SwiftNIO's shared group and blocks the
/// calling thread until the server answers. Calls are serialised:
/// two threads may share a session, and one waits for the other's call (or
/// transaction) to finish.
///
/// ```swift
/// let session = try PostgresSession(location: PostgresStoreLocation(url: url))
/// defer { session.close() }
/// let rows = try session.query("SELECT \"name\" FROM \"Card\" WHERE \"price\" < $1", [.numeric(10)])
/// try session.transaction(isolation: .serializable) { session in
///     try session.execute("UPDATE \"Card\" SET \"price\" = $1 WHERE \"Z_PK\" = $2", [.numeric(5), .bigint(1)])
/// }
/// ```
///
/// ## Calling it from a server
///
/// Every call blocks its thread, so where it runs matters:
///
/// - **Never on an event loop.** Vapor's and Hummingbird's request handling runs on
///   SwiftNIO event loops (`req.eventLoop`, a channel handler, a future's callback); a
///   call made there throws ``PostgresStoreError/calledOnEventLoop`` instead of stopping
///   the loop, which could deadlock the very connection it waits for.
/// - **Not directly in an `async` handler** either: it would hold one of the few
///   threads of Swift's cooperative pool while it waits. Hand the work to a thread
///   meant for blocking, such as SwiftNIO's thread pool (Vapor's `app.threadPool`,
///   or `NIOThreadPool.singleton` in Hummingbird):
///
///   ```swift
///   router.get("cards") { request, context in
///       try await NIOThreadPool.singleton.runIfActive {
///           try pool.withSession { session in try session.query("SELECT \"name\" FROM \"Card\"") }
///       }.map { $0["name"]?.description ?? "" }
///   }
///   ```
///
///   or to an actor whose executor owns a thread of its own.
///
/// Errors are ``PostgresStoreError``s naming the server, user or database at fault.
/// After ``PostgresStoreError/connectionLost(server:)`` the session is broken
/// (``isBroken``): close it and open another, as ``PostgresSessionPool`` does.
public final class PostgresSession: @unchecked Sendable {
    public let location: PostgresStoreLocation

    private let connection: PostgresConnection
    private let logger: Logger
    /// Held for each call and for a whole transaction; recursive, so a transaction's body
    /// calls the session on the same thread.
    private let lock = NSRecursiveLock()
    private var closed = false
    private var broken = false
    private var inTransaction = false

    /// Connects to the server on an event loop of SwiftNIO's one group for the process
    /// (`MultiThreadedEventLoopGroup.singleton`); blocks until the server has accepted
    /// the user and database.
    public convenience init(location: PostgresStoreLocation, logger: Logger = Logger(label: "OpenSwiftDataPostgres")) throws(PostgresStoreError) {
        try self.init(location: location, eventLoop: MultiThreadedEventLoopGroup.singleton.next(), logger: logger)
    }

    /// Connects on the given loop.
    init(location: PostgresStoreLocation, eventLoop: any EventLoop, logger: Logger) throws(PostgresStoreError) {
        try PostgresSession.refuseEventLoopThread()
        self.location = location
        self.logger = logger
        let configuration = try location.connectionConfiguration()
        do {
            connection = try PostgresConnection.connect(
                on: eventLoop, configuration: configuration, id: Int.random(in: 1...Int.max), logger: logger
            ).wait()
        } catch {
            throw PostgresErrorTranslation.translate(error, location: location, connecting: true)
        }
    }

    deinit {
        shutDown()
    }

    /// Whether the session can still run statements: not closed, and its connection not lost.
    public var isUsable: Bool {
        lock.withLock { !closed && !broken && !connection.isClosed }
    }

    /// The connection broke during a call; the session only closes now.
    public var isBroken: Bool {
        lock.withLock { broken || (!closed && connection.isClosed) }
    }

    /// Runs a statement and returns the number of rows it inserted, updated or deleted
    /// (0 for statements that change none). Binds are `$1`, `$2`, … in order.
    @discardableResult
    public func execute(_ sql: String, _ binds: [PostgresValue] = []) throws(PostgresStoreError) -> Int {
        let result = try run(sql, binds)
        return result.metadata.rows ?? 0
    }

    /// Runs a statement and returns its rows.
    public func query(_ sql: String, _ binds: [PostgresValue] = []) throws(PostgresStoreError) -> [PostgresResultRow] {
        let result = try run(sql, binds)
        guard let first = result.rows.first else { return [] }
        let columns = first.map(\.columnName)
        var rows: [PostgresResultRow] = []
        rows.reserveCapacity(result.rows.count)
        for row in result.rows {
            var values: [PostgresValue] = []
            values.reserveCapacity(columns.count)
            for cell in row { values.append(try PostgresValue(cell: cell)) }
            rows.append(PostgresResultRow(columns: columns, values: values))
        }
        return rows
    }

    /// Runs a query and returns its rows as PostgresNIO gives them, for the store's
    /// readers to take each cell from its bytes.
    func rawRows(_ sql: String, _ binds: [PostgresValue] = []) throws(PostgresStoreError) -> [PostgresRow] {
        try run(sql, binds).rows
    }

    /// Runs `body` in a transaction: `BEGIN`, then `COMMIT` when it returns, or
    /// `ROLLBACK` when it throws (the error is rethrown and nothing is written).
    ///
    /// When the transaction fails with a serialisation failure or a deadlock (SQLSTATE
    /// 40001 or 40P01), it is rolled back and `body` runs again, up to `maxAttempts`
    /// times in all, after a short random pause; then
    /// ``PostgresStoreError/serializationFailure(attempts:)`` is thrown. So `body` may
    /// run more than once: it should do nothing outside the session that cannot be
    /// done twice.
    ///
    /// A statement that fails inside `body` aborts the transaction even if `body`
    /// catches its error; the commit then throws instead of reporting success.
    public func transaction<Result>(
        isolation: PostgresIsolationLevel = .readCommitted, maxAttempts: Int = 5,
        _ body: (PostgresSession) throws -> Result
    ) throws -> Result {
        try PostgresSession.refuseEventLoopThread()
        lock.lock()
        defer { lock.unlock() }
        guard !inTransaction else { throw PostgresStoreError.nestedTransaction }
        let attempts = max(1, maxAttempts)
        for attempt in 1...attempts {
            try run("BEGIN ISOLATION LEVEL \(isolation.rawValue)", [])
            inTransaction = true
            do {
                let result = try body(self)
                let commit = try run("COMMIT", [])
                inTransaction = false
                // COMMIT of a transaction a failed statement aborted rolls back and says so.
                guard commit.metadata.command != "ROLLBACK" else { throw PostgresStoreError.transactionAborted }
                return result
            } catch {
                inTransaction = false
                rollBackQuietly()
                guard let storeError = error as? PostgresStoreError, storeError.isRetryable else { throw error }
                guard attempt < attempts else { throw PostgresStoreError.serializationFailure(attempts: attempts) }
                // Two transactions that lost to each other should not meet again at once.
                Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.01) * Double(attempt))
            }
        }
        throw PostgresStoreError.serializationFailure(attempts: attempts)
    }

    /// Commits a transaction its caller began with `BEGIN`; one that a failed statement
    /// aborted is rolled back by the server, and reported.
    package func commitTransaction() throws(PostgresStoreError) {
        let commit = try run("COMMIT", [])
        guard commit.metadata.command != "ROLLBACK" else { throw .transactionAborted }
    }

    /// Closes the connection (and the session's own event loop). Later calls throw
    /// ``PostgresStoreError/closed``. Safe to call more than once.
    public func close() {
        shutDown()
    }

    // MARK: Running statements

    @discardableResult
    private func run(_ sql: String, _ binds: [PostgresValue]) throws(PostgresStoreError) -> PostgresQueryResult {
        try PostgresSession.refuseEventLoopThread()
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw .closed }
        guard !broken, !connection.isClosed else {
            broken = true
            throw .connectionLost(server: location.serverDescription)
        }
        var bindings = PostgresBindings(capacity: binds.count)
        for bind in binds { try bind.append(to: &bindings) }
        do {
            return try connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger).wait()
        } catch {
            let translated = PostgresErrorTranslation.translate(error, location: location, connecting: false)
            if translated.breaksConnection || connection.isClosed { broken = true }
            throw translated
        }
    }

    private func rollBackQuietly() {
        guard !broken, !connection.isClosed else { return }
        // A failed ROLLBACK leaves nothing to undo: the server rolls back a transaction whose connection ends.
        _ = try? run("ROLLBACK", [])
    }

    private func shutDown() {
        lock.lock()
        let wasClosed = closed
        closed = true
        lock.unlock()
        guard !wasClosed else { return }
        if MultiThreadedEventLoopGroup.currentEventLoop == nil {
            try? connection.close().wait()
        } else {
            // On an event loop (a session released in a callback): close without waiting.
            connection.close().whenComplete { _ in }
        }
    }

    /// Waiting on an event loop thread would stop the loop that has to deliver the answer.
    static func refuseEventLoopThread() throws(PostgresStoreError) {
        if MultiThreadedEventLoopGroup.currentEventLoop != nil { throw .calledOnEventLoop }
    }
}
#endif
