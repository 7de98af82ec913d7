#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Synchronization
import Testing

/// Commits on one server reach live queries on another: each table announces its
/// changes (`pg_notify` from a statement trigger) and a live query listens.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct AnnouncedCommitsTests {
    /// A container of its own, as another instance of a service would have: its own store and connections.
    func server(_ schema: TemporarySchema) throws -> ModelContainer {
        try ModelContainer(for: Schema([Shelf.self, Book.self]),
                           configurations: [PostgresConfiguration(location: schema.location, schema: Schema([Shelf.self, Book.self]))])
    }

    func announcedTables(_ schema: TemporarySchema) throws -> Set<String> {
        Set(try schema.session().query("""
            SELECT c.relname::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid \
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE t.tgname = 'osd_announce_change' AND n.nspname = $1
            """, [.text(schema.name)]).compactMap { row -> String? in if case let .text(name) = row[0] { name } else { nil } })
    }

    @Test func everyTableOfAStoreAnnouncesItsChanges() throws {
        let schema = try TemporarySchema(create: false)
        _ = try server(schema)
        #expect(try announcedTables(schema) == ["Shelf", "Book"])
    }

    @Test func aStoreInASchemaWhoseNameNeedsQuotingOpensSavesAndAnnounces() throws {
        let schema = try TemporarySchema(create: false, prefix: "OSD Test \"Q\" ")
        let context = ModelContext(try server(schema))
        context.insert(Book(title: "Kindred", pages: 264))
        try context.save()
        #expect(try ModelContext(try server(schema)).fetchCount(FetchDescriptor<Book>()) == 1)
        #expect(try announcedTables(schema) == ["Shelf", "Book"])
    }

    @Test func aStoreMadeWithoutAnnouncementsGainsThemWhenOpened() throws {
        let schema = try TemporarySchema(create: false)
        _ = try server(schema)
        try schema.session().execute("DROP TRIGGER osd_announce_change ON \"Book\"")
        #expect(try announcedTables(schema) == ["Shelf"])
        _ = try server(schema)
        #expect(try announcedTables(schema) == ["Shelf", "Book"])
    }

    @Test func aLiveQueryYieldsAfterAnotherServerCommits() async throws {
        let schema = try TemporarySchema(create: false)
        let watching = try server(schema)
        let writing = try server(schema)
        let counts = Mutex<[Int]>([])
        let watcher = Task {
            for try await books in watching.liveQuery(FetchDescriptor<Book>()) { counts.withLock { $0.append(books.count) } }
        }
        defer { watcher.cancel() }
        #expect(await wait { counts.withLock { $0.contains(0) } })
        // The commit may come before the listener has connected: the store looks once it listens.
        try await Task.detached {
            let context = ModelContext(writing)
            context.insert(Book(title: "Kindred", pages: 264))
            try context.save()
        }.value
        #expect(await wait { counts.withLock { $0.contains(1) } })
    }

    @MainActor @Test func aResultsObserverUpdatesAfterAnotherServerCommits() async throws {
        let schema = try TemporarySchema(create: false)
        let watching = try server(schema)
        let writing = try server(schema)
        let observer = try ResultsObserver<Book, Never>(modelContainer: watching)
        #expect(observer.results.isEmpty)
        // The commit may come before the listener has connected: the store looks once it listens.
        try await Task.detached {
            let context = ModelContext(writing)
            context.insert(Book(title: "Kindred", pages: 264))
            try context.save()
        }.value
        // Polled here, on the main actor where the observer updates (generous: the suite shares two cores).
        let deadline = ContinuousClock.now + .seconds(600)
        while observer.results.count != 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(observer.results.count == 1)
    }

    /// Polls `condition` for up to `seconds`. Long: the whole test run shares two cores among
    /// some two thousand tests, and a live query's first fetch waited more than two minutes for
    /// a thread in one run; a condition that holds returns at once.
    func wait(seconds: Double = 600, for condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
#endif
