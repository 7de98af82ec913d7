#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// A row another program wrote that a model cannot hold.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct UnreadableRowTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema(create: false)
    }

    /// The same error as on SQLite: the generated reader reads the cell and finds nothing.
    @Test func aMissingRequiredValueIsNamedByEntityRowAndProperty() throws {
        let container = try ModelContainer(for: Book.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1))
        try scratch.session().execute("INSERT INTO \"Book\" (\"title\", \"pages\") VALUES (NULL, 12)")
        let error = #expect(throws: OpenSwiftDataError.self) { try ModelContext(container).fetch(FetchDescriptor<Book>()) }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("Book"))
        #expect(message.contains("title"))
        #expect(message.contains("NULL"))
    }

    @Test func aCellOfAnotherTypeIsNamedWithItsValue() throws {
        let container = try ModelContainer(for: Book.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1))
        try scratch.session().execute("ALTER TABLE \"Book\" ALTER COLUMN \"pages\" TYPE TEXT")
        try scratch.session().execute("INSERT INTO \"Book\" (\"title\", \"pages\") VALUES ('Emma', 'many')")
        let error = #expect(throws: OpenSwiftDataError.self) { try ModelContext(container).fetch(FetchDescriptor<Book>()) }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("pages"))
        #expect(message.contains("many"))
    }

    @Test func aColumnAnotherProgramRenamedIsNamedAsMissingFromTheTablesNotAsARefusedStatement() throws {
        let container = try ModelContainer(for: Book.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1))
        try scratch.session().execute("ALTER TABLE \"Book\" RENAME COLUMN \"pages\" TO \"leaves\"")
        let error = #expect(throws: (any Error).self) { try ModelContext(container).fetch(FetchDescriptor<Book>()) }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("is missing from its tables") && message.contains("pages"), "\(message)")
        #expect(!message.contains("SQLSTATE") && !message.contains("refused the statement"), "\(message)")
    }
}
#endif
