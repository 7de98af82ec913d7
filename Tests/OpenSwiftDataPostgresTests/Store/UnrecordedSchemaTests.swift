#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// A database that records its version but not its schema (as databases written before
/// the schema was recorded do) is read from its tables, migrated by the same rules, and
/// records its schema from then on.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct UnrecordedSchemaTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema(create: false)
    }

    private var configuration: PostgresConfiguration { PostgresConfiguration(location: scratch.location, maximumConnections: 1) }

    /// Two notes written by `NotesV1`, then the schema record taken away.
    private func writeUnrecordedDatabase() throws {
        let context = ModelContext(try ModelContainer(for: NotesV1.Note.self, configurations: configuration))
        let first = NotesV1.Note(title: "First")
        first.pages = 7
        context.insert(first)
        context.insert(NotesV1.Note(title: "Second"))
        try context.save()
        _ = try scratch.session().execute("DELETE FROM \(metadata) WHERE \"key\" = 'schema'")
    }

    private var metadata: String { "\"\(scratch.name)\".\"Z_METADATA\"" }

    private func recordedSchema() throws -> PostgresValue? {
        try scratch.session().query("SELECT \"value\" FROM \(metadata) WHERE \"key\" = 'schema'").first?[0]
    }

    @Test func aDatabaseWithoutASchemaRecordIsMigratedFromItsTables() throws {
        try writeUnrecordedDatabase()
        let notes = try ModelContext(try ModelContainer(for: NotesV2.Note.self, configurations: configuration))
            .fetch(FetchDescriptor<NotesV2.Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(notes.map(\.sheets) == [7, 1])
        #expect(notes.map(\.stars) == [3, 3])
    }

    @Test func aDatabaseWithoutASchemaRecordRecordsItOnceOpened() throws {
        try writeUnrecordedDatabase()
        #expect(try recordedSchema() == nil)
        _ = try ModelContainer(for: NotesV1.Note.self, configurations: configuration)
        guard case let .text(json)? = try recordedSchema() else {
            Issue.record("no schema recorded")
            return
        }
        #expect(json.contains("\"Note\"") && json.contains("\"pages\""))
    }
}
#endif
