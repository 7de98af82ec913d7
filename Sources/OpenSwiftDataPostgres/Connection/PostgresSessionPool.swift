#if PostgreSQL
import Foundation
import PostgresNIO

/// A bounded set of ``PostgresSession``s to one database, lent one at a time.
///
/// Sessions are opened when needed, up to ``maximumSessions``, on the event loops of
/// SwiftNIO's one group for the process (`MultiThreadedEventLoopGroup.singleton`); a
/// borrower that finds them all in use waits up to
/// ``waitTimeout`` seconds for one to come back. A session whose connection broke
/// is closed when it comes back, and the next borrower gets a new one, so a server
/// restart costs the calls that were running, not the pool.
///
/// ```swift
/// let pool = try PostgresSessionPool(location: PostgresStoreLocation(url: url), maximumSessions: 8)
/// let names = try pool.withSession { session in try session.query("SELECT \"name\" FROM \"Card\"") }
/// try pool.transaction(isolation: .serializable) { session in /* … */ }
/// ```
///
/// Its calls block like a session's; see ``PostgresSession`` for where a server should
/// make them (never on an event loop, which throws ``PostgresStoreError/calledOnEventLoop``).
///
/// Why not PostgresNIO's `PostgresClient`: SwiftData's API is synchronous (`fetch`,
/// `save` and the model's property getters that load a relationship return values, not
/// tasks), and `PostgresClient` lends connections only to async closures and must be
/// driven by a running `run()` task. Under it, every statement would start a task and
/// block a thread on its result, a task hop and two context switches per statement on
/// top of the round trip; this pool lends a connection to the calling thread, whose
/// statements wait on the connection's future directly. The blocking is bounded:
/// `ModelContainer.performBackgroundTask(_:)` runs on a fixed pool of threads.
public final class PostgresSessionPool: @unchecked Sendable {
    public let location: PostgresStoreLocation
    public let maximumSessions: Int
    /// Seconds a borrower waits for a session when all are in use.
    public let waitTimeout: Double

    private let logger: Logger
    private let condition = NSCondition()
    private var idle: [PostgresSession] = []
    /// Sessions lent, idle, or being opened.
    private var sessionCount = 0
    private var closed = false

    /// Makes a pool; no connection is opened until the first borrower needs one.
    public init(location: PostgresStoreLocation, maximumSessions: Int = 4, waitTimeout: Double = 30,
                logger: Logger = Logger(label: "OpenSwiftDataPostgres")) {
        self.location = location
        self.maximumSessions = max(1, maximumSessions)
        self.waitTimeout = waitTimeout
        self.logger = logger
    }

    deinit {
        // No session can be lent now: `withSession` holds the pool until it returns one.
        for session in idle { session.close() }
    }

    /// The sessions open now, lent or idle.
    public var openSessions: Int { condition.withLock { sessionCount } }

    /// Lends a session to `body` and takes it back when `body` returns or throws.
    public func withSession<Result>(_ body: (PostgresSession) throws -> Result) throws -> Result {
        let session = try acquire()
        defer { release(session) }
        return try body(session)
    }

    /// Runs `body` in a transaction on a lent session; see ``PostgresSession/transaction(isolation:maxAttempts:_:)``.
    public func transaction<Result>(
        isolation: PostgresIsolationLevel = .readCommitted, maxAttempts: Int = 5,
        _ body: (PostgresSession) throws -> Result
    ) throws -> Result {
        try withSession { session in try session.transaction(isolation: isolation, maxAttempts: maxAttempts, body) }
    }

    /// Closes the idle sessions now and each lent one when it comes back; later
    /// borrowers get ``PostgresStoreError/closed``.
    public func close() {
        condition.lock()
        closed = true
        let sessions = idle
        idle.removeAll()
        sessionCount -= sessions.count
        condition.broadcast()
        condition.unlock()
        for session in sessions { session.close() }
    }

    private func acquire() throws(PostgresStoreError) -> PostgresSession {
        try PostgresSession.refuseEventLoopThread()
        let deadline = Date(timeIntervalSinceNow: waitTimeout)
        var broken: [PostgresSession] = []
        defer { for session in broken { session.close() } }
        condition.lock()
        while true {
            if closed {
                condition.unlock()
                throw .closed
            }
            if let session = idle.popLast() {
                if session.isUsable {
                    condition.unlock()
                    return session
                }
                sessionCount -= 1
                broken.append(session)
                continue
            }
            if sessionCount < maximumSessions {
                sessionCount += 1
                condition.unlock()
                do {
                    return try PostgresSession(location: location, eventLoop: MultiThreadedEventLoopGroup.singleton.next(), logger: logger)
                } catch {
                    condition.withLock {
                        sessionCount -= 1
                        condition.signal()
                    }
                    throw error
                }
            }
            if !condition.wait(until: deadline) {
                condition.unlock()
                throw .poolExhausted(size: maximumSessions, waitedSeconds: waitTimeout)
            }
        }
    }

    private func release(_ session: PostgresSession) {
        condition.lock()
        let keep = !closed && session.isUsable
        if keep {
            idle.append(session)
        } else {
            sessionCount -= 1
        }
        condition.signal()
        condition.unlock()
        if !keep { session.close() }
    }
}
#endif
