#if PostgreSQL
import Foundation
import Logging
import OpenSwiftData
import PostgresNIO

/// Commits announced to every server on the database: a statement trigger on each of a
/// store's tables calls `pg_notify` with the table's schema and name, which PostgreSQL
/// delivers when the transaction commits (once per table, however many statements
/// touched it, and never for a transaction rolled back). A live query on one server
/// `LISTEN`s and fetches again when another server, or any other client, commits to a
/// table it reads. The trigger adds no round trip to a save.
enum PostgresChangeAnnouncements {
    static let channel = "osd_changes"
    /// The name of the trigger on each table and of the function it calls.
    static let name = "osd_announce_change"
    private static let logger = Logger(label: "OpenSwiftDataPostgres")

    /// Gives each of the tables that lacks it the trigger, inside the caller's transaction
    /// (after the schema lock). A store made before announcements gains them when it opens.
    static func install(on session: PostgresSession, tables: [String]) throws {
        let announced = Set(try session.query("""
            SELECT c.relname::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid \
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE t.tgname = $1 AND n.nspname = current_schema()
            """, [.text(name)]).compactMap { row -> String? in if case let .text(table) = row[0] { table } else { nil } })
        let missing = tables.filter { !announced.contains($0) }
        guard !missing.isEmpty else { return }
        try session.execute("""
            CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$ \
            BEGIN PERFORM pg_notify('\(channel)', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME); RETURN NULL; END $$
            """)
        for table in missing {
            try session.execute("CREATE TRIGGER \(name) AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(PostgresDialect.quote(table)) "
                                + "FOR EACH STATEMENT EXECUTE FUNCTION \(name)()")
        }
    }

    /// Wakes the subscriber `id` of the store's changes once it listens (for the commits
    /// made while it connected) and after each commit announced for one of the store's
    /// tables, on a connection of its own, until the task is cancelled. A lost connection
    /// is made again a second later.
    static func follow(_ store: PostgresStore, subscriber id: UUID) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                do {
                    try await listen(store, subscriber: id)
                } catch {
                    if Task.isCancelled { return }
                    logger.warning("the live query on \(store.configuration.location) stopped listening for other servers' commits (\(error)); it listens again in a second")
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }

    private static func listen(_ store: PostgresStore, subscriber id: UUID) async throws {
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try store.configuration.location.connectionConfiguration(),
            id: Int.random(in: 1...Int.max), logger: logger
        ).get()
        do {
            var schema = ""
            for try await (name) in try await connection.query("SELECT current_schema()::text", logger: logger).decode(String.self) {
                schema = name
            }
            try await connection.listen(on: channel) { notifications in
                // A commit between the subscription and the LISTEN was not announced
                // to this connection: one wake-up now makes the query look.
                store.changes.wake(id, touching: nil)
                for try await notification in notifications {
                    guard let dot = notification.payload.firstIndex(of: "."), notification.payload[..<dot] == schema else { continue }
                    let table = String(notification.payload[notification.payload.index(after: dot)...])
                    store.changes.wake(id, touching: store.entityName(ofTable: table).map { [$0] })
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }
}
#endif
