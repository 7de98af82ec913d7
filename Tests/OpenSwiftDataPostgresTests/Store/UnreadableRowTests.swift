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

    @Test func aMissingRequiredValueIsNamedByEntityKeyAndProperty() throws {
        let container = try ModelContainer(for: Book.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1))
        try scratch.session().execute("INSERT INTO \"Book\" (\"title\", \"pages\") VALUES (NULL, 12)")
        let error = #expect(throws: PostgresStoreError.self) { try ModelContext(container).fetch(FetchDescriptor<Book>()) }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("Book"))
        #expect(message.contains("title"))
        #expect(message.contains("missing"))
    }
}
