#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// A table whose identity sequence has given its largest value, as another program or a
/// long life can leave it: the save is refused in the store's words, as on SQLite.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct KeySequenceTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema(create: false)
    }

    @Test func aModelInsertedAfterTheSequencesLastKeyIsRefusedAsKeysUsedUp() throws {
        let container = try ModelContainer(for: Book.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1))
        try scratch.session().execute("SELECT setval(pg_get_serial_sequence('\"Book\"', 'Z_PK'), \(Int64.max))")
        let context = ModelContext(container)
        context.insert(Book(title: "Emma", pages: 474))
        let error = #expect(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(error?.code == .storeKeysExhausted)
        #expect(error.map { "\($0)" }?.contains("Book") == true)
        #expect(error.map { "\($0)" }?.contains("nextval") == false)
        #expect(context.hasChanges)
    }

    @Test func modelsInsertedTogetherAfterTheSequencesLastKeyAreRefusedAsKeysUsedUp() throws {
        let container = try ModelContainer(for: Book.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1))
        try scratch.session().execute("SELECT setval(pg_get_serial_sequence('\"Book\"', 'Z_PK'), \(Int64.max - 1))")
        let context = ModelContext(container)
        context.insert(Book(title: "Emma", pages: 474))
        context.insert(Book(title: "Persuasion", pages: 249))
        let error = #expect(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(error?.code == .storeKeysExhausted)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Book>()) == 0)
    }
}
#endif
