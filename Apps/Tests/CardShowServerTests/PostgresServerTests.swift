import Foundation
import CommandLineTestSupport
import OpenSwiftDataPostgres
import Testing

/// The same API with the inventory in a PostgreSQL database (`--postgres URL`).
/// The PostgreSQL server the tests use: `OSD_POSTGRES_URL`, when set.
enum TestDatabase {
    static let url = ProcessInfo.processInfo.environment["OSD_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
}

@Suite(.enabled(if: TestDatabase.url != nil, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct PostgresServerTests {

    @Test func aCardPostedToOneServerIsServedByAnotherOnTheSameDatabase() async throws {
        let database = try ScratchSchema()
        let first = try await ServerProcess(["--postgres", database.url])
        let posted = try await first.send("POST", "/cards", body: InventoryAPITests.pikachu)
        #expect(posted.status == 201, "\(posted.text)")
        let second = try await ServerProcess(["--postgres", database.url])
        let list = try await second.send("GET", "/cards")
        #expect((list.object["cards"] as? [[String: Any]])?.map { $0["id"] as? String } == [posted.object["id"] as? String])
        #expect(try await second.send("GET", "/stats").object["inventoryValue"] as? Double == 12.5)
    }

    @Test func aNameWithANULIsRefusedWith400BeforeTheDatabaseSeesIt() async throws {
        let database = try ScratchSchema()
        let server = try await ServerProcess(["--postgres", database.url])
        let reply = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu.replacingOccurrences(of: "Pikachu", with: "Pika\\u0000chu"))
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.error?.contains("has a NUL character") == true, "\(reply.text)")
        #expect(reply.error?.contains("name") == true, "\(reply.text)")
    }

    @Test func anInventoryInTheSchemaOfAnotherServersSyncLogIsRefusedAndTheLogKept() async throws {
        let database = try ScratchSchema()
        let setup = try await SyncServerSetup(postgres: database.url)
        _ = try await setup.transport(SyncServerSetup.aliceLaptop).upload(SyncServerSetup.batch(cards: ["Pikachu"]))
        // The schema where that server keeps CardShow Pro's sync log, given as another server's inventory.
        let url = database.url.replacingOccurrences(of: "schema=\(database.name)", with: "schema=\(database.name)_sync")
        let output = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"]).run(["--postgres", url, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("schema=\(database.name)_sync is not a CardShow Pro store: it holds another program's data, or another app's. "
                                       + "Nothing was changed. Check the --postgres URL and the schema it names."), "\(output.stderr)")
        #expect(try await setup.log(SyncServerSetup.aliceLaptop).count == 1)
    }

    /// A unique index another program made on the inventory's card names: a second card of
    /// that name was answered 500, "The operation could not be completed.
    /// (OpenSwiftDataPostgres.PostgresStoreError error 1.)", as was every request once another
    /// program renamed a column.
    @Test func aUniqueIndexAnotherProgramMadeIsAnsweredAsAConflictInWords() async throws {
        let database = try ScratchSchema()
        let server = try await ServerProcess(["--postgres", database.url])
        #expect(try await server.send("POST", "/cards", body: InventoryAPITests.pikachu).status == 201)
        try database.execute(#"CREATE UNIQUE INDEX "another_program" ON "\#(database.name)"."InventoryCard" ("name")"#)
        let reply = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu.replacingOccurrences(of: "60/64", with: "61/64"))
        #expect(reply.status == 409, "\(reply.text)")
        #expect(reply.error == "There already is such a card. Nothing was changed.", "\(reply.text)")
        #expect((try await server.send("GET", "/cards").object["cards"] as? [[String: Any]])?.count == 1)
    }

    /// A column another program renamed in the inventory: every request was answered "The
    /// operation could not be completed. (OpenSwiftDataPostgres.PostgresStoreError error 1.)".
    @Test func aColumnAnotherProgramRenamedIsAnsweredInWordsNotASwiftTypeName() async throws {
        let database = try ScratchSchema()
        let server = try await ServerProcess(["--postgres", database.url])
        #expect(try await server.send("POST", "/cards", body: InventoryAPITests.pikachu).status == 201)
        try database.execute(#"ALTER TABLE "\#(database.name)"."InventoryCard" RENAME COLUMN "notes" TO "remarks""#)
        let reply = try await server.send("GET", "/cards")
        #expect(reply.error?.hasPrefix("A column of the store's models is missing from its tables") == true, "\(reply.text)")
    }

    /// PostgreSQL keeps the first 63 bytes of a name: with a 63-byte inventory schema, the
    /// server's `_sync` schema was the inventory's own (refused as "not a CardShow Pro store"
    /// naming a schema the user never gave); with 62 bytes, both apps' logs were one schema.
    @Test(arguments: [62, 63])
    func aSyncServerWhoseSyncSchemaNamesPostgreSQLWouldCutAlikeIsRefusedBeforeMakingAnything(nameLength: Int) async throws {
        let database = try ScratchSchema(nameLength: nameLength)
        let folder = try ServerFolder()
        let tokens = folder.url.appendingPathComponent("tokens")
        try "alice \(SyncServerSetup.aliceLaptop)\n".write(to: tokens, atomically: true, encoding: .utf8)
        let error = await #expect(throws: ServerProcess.Failure.self) {
            _ = try await ServerProcess(["--postgres", database.url, "--sync-tokens", tokens.path])
        }
        let words = error?.description ?? ""
        #expect(words.contains("but PostgreSQL keeps only the first 63 bytes of a name, and what it keeps of that one is the schema"), "\(words)")
        #expect(words.contains("Nothing was changed. Keep the inventory in a schema of at most 61 bytes (schema= in the --postgres URL)."), "\(words)")
        #expect(try database.exists() == false)
    }
}

extension PostgresServerTests {
    @Test(.enabled(if: ComputerClock.canBeSet, Comment(rawValue: ComputerClock.missing)))
    func aServerOnADatabaseIsRefusedOnAComputerClockOutsideTheYearsItKeeps() async throws {
        let database = try ScratchSchema()
        let server = ToolProcess("cardshow-server", environment: ComputerClock.reading("2250-01-01 12:00:00").merging(["LOG_LEVEL": "error"]) { $1 })
        // A server that starts would listen until stopped: `timeout` stops it, and its status fails the test.
        let output = try server.runScript(ComputerClock.within60Seconds, arguments: [try #require(server.executable).path, "--postgres", database.url, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("This computer's clock reads 2250-01-01 12:00 UTC, outside the years cardshow-server keeps"), "\(output.stderr)")
        #expect(try database.exists() == false)
    }
}

/// A PostgreSQL schema of the test's own, which the server creates and the test drops,
/// with the sync stores' schemas beside it (`NAME_sync`, `NAME_coupontracker_sync`) when the server made them.
final class ScratchSchema {
    let name: String
    let url: String
    private let admin: PostgresSession

    /// With `nameLength`, the name is made that many bytes long.
    init(nameLength: Int? = nil) throws {
        guard let server = TestDatabase.url else { throw ServerProcess.Failure(description: "OSD_POSTGRES_URL is not set") }
        let unique = "cardshow_server_" + UUID().uuidString.lowercased().filter { $0 != "-" }
        name = nameLength.map { unique.padding(toLength: $0, withPad: "x", startingAt: 0) } ?? unique
        url = server + (server.contains("?") ? "&" : "?") + "schema=\(name)"
        admin = try PostgresSession(location: try PostgresStoreLocation(url: server))
    }

    /// Runs `sql` as another program would.
    func execute(_ sql: String) throws {
        try admin.execute(sql)
    }

    /// Whether the schema is in the database.
    func exists() throws -> Bool {
        try !admin.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [.text(name)]).isEmpty
    }

    deinit {
        _ = try? admin.execute("DROP SCHEMA IF EXISTS \(PostgresDialect.quote(name)) CASCADE")
        for suffix in ["_sync", "_coupontracker_sync"] {
            _ = try? admin.execute("DROP SCHEMA IF EXISTS \(PostgresDialect.quote(name + suffix)) CASCADE")
        }
        admin.close()
    }
}
