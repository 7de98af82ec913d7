#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

enum NotesSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [NotesV1.Note.self] }
}

enum NotesSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [NotesV2.Note.self] }
}

enum LightweightNotesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self, NotesSchemaV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)] }
}

/// willMigrate capitalises the titles (on version 1's models), didMigrate gives each
/// note a star per letter of its title (on version 2's).
enum CustomNotesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self, NotesSchemaV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self,
                 willMigrate: capitaliseTitles,
                 didMigrate: { context in
                     for note in try context.fetch(FetchDescriptor<NotesV2.Note>()) { note.stars = note.title.count }
                 })]
    }
}

struct StageRefusal: Error {}

/// The willMigrate of both custom plans: version 1's titles in capitals, saved.
func capitaliseTitles(_ context: ModelContext) throws {
    for note in try context.fetch(FetchDescriptor<NotesV1.Note>()) { note.title = note.title.uppercased() }
    try context.save()
}

/// As `CustomNotesPlan`, but didMigrate fails after willMigrate has saved.
enum FailingNotesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self, NotesSchemaV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self,
                 willMigrate: capitaliseTitles,
                 didMigrate: { _ in throw StageRefusal() })]
    }
}

/// A `SchemaMigrationPlan` given to a container on PostgreSQL.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct MigrationPlanTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema(create: false)
    }

    private var configuration: PostgresConfiguration { PostgresConfiguration(location: scratch.location, maximumConnections: 1) }

    /// It said "a version it does not know … restore a backup", where a store file holding
    /// another program's table is another program's data.
    @Test func aSchemaHoldingAnotherProgramsTableOfAModelsNameIsAnotherProgramsData() throws {
        let scratch = try TemporarySchema(create: true)
        _ = try scratch.session().execute("CREATE TABLE \"\(scratch.name)\".\"Note\" (id SERIAL PRIMARY KEY, body TEXT)")
        let configuration = PostgresConfiguration(location: scratch.location, maximumConnections: 1)
        #expect {
            _ = try ModelContainer(for: NotesV2.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration)
        } throws: { error in
            "\(error)".contains("holds data this schema does not describe (Note): it is another program's database")
        }
        let columns = try scratch.session().query("SELECT column_name::text FROM information_schema.columns WHERE table_schema = $1 "
                                                  + "AND table_name = 'Note' ORDER BY column_name", [.text(scratch.name)])
        #expect(columns.map { $0[0] } == [.text("body"), .text("id")])
    }

    @Test func aPlanOfLightweightStagesMigratesTheDatabase() throws {
        do {
            let context = ModelContext(try ModelContainer(for: NotesV1.Note.self, configurations: configuration))
            context.insert(NotesV1.Note(title: "First"))
            try context.save()
        }
        let container = try ModelContainer(for: NotesV2.Note.self, migrationPlan: LightweightNotesPlan.self, configurations: configuration)
        let notes = try ModelContext(container).fetch(FetchDescriptor<NotesV2.Note>())
        #expect(notes.map(\.title) == ["First"])
        #expect(notes.map(\.stars) == [3])
    }

    /// A database at version 1 with two notes, as the first release of a program leaves it.
    private func writeVersionOne() throws {
        let context = ModelContext(try ModelContainer(for: NotesV1.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration))
        context.insert(NotesV1.Note(title: "Shopping"))
        context.insert(NotesV1.Note(title: "Ideas"))
        try context.save()
    }

    @Test func aCustomStageRunsItsCodeOnEachSideOfTheTableChange() throws {
        try writeVersionOne()
        let container = try ModelContainer(for: NotesV2.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration)
        let notes = try ModelContext(container).fetch(FetchDescriptor<NotesV2.Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(notes.map(\.title) == ["IDEAS", "SHOPPING"])
        #expect(notes.map(\.stars) == [5, 8])
    }

    @Test func aStageThatFailsLeavesTheDatabaseAsItWas() throws {
        try writeVersionOne()
        #expect(throws: (any Error).self) {
            try ModelContainer(for: NotesV2.Note.self, migrationPlan: FailingNotesPlan.self, configurations: configuration)
        }
        // Still version 1: its titles as written (willMigrate's save rolled back with the rest), no version 2 columns.
        let context = ModelContext(try ModelContainer(for: NotesV1.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration))
        #expect(try context.fetch(FetchDescriptor<NotesV1.Note>(sortBy: [SortDescriptor(\.title)])).map(\.title) == ["Ideas", "Shopping"])
        let columns = try scratch.session().query("SELECT column_name::text FROM information_schema.columns WHERE table_schema = $1",
                                                  [.text(scratch.name)])
        #expect(!columns.contains { $0[0] == .text("stars") })
        // And the plan still migrates it afterwards.
        let migrated = try ModelContainer(for: NotesV2.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration)
        #expect(try ModelContext(migrated).fetchCount(FetchDescriptor<NotesV2.Note>()) == 2)
    }

    @Test func aNewDatabaseStartsAtTheNewestVersionWithoutRunningStages() throws {
        let container = try ModelContainer(for: NotesV2.Note.self, migrationPlan: FailingNotesPlan.self, configurations: configuration)
        let context = ModelContext(container)
        context.insert(NotesV2.Note(title: "Fresh"))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<NotesV2.Note>()) == 1)
    }

    @Test func aDatabaseOfANewerVersionIsRefusedAndUnchanged() throws {
        _ = try ModelContainer(for: NotesV2.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration)
        let error = #expect(throws: (any Error).self) {
            try ModelContainer(for: NotesV1.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("newer than this program's 1.0.0"))
    }

    @Test func aDatabaseThatRecordsNoVersionIsRefusedByAPlanWithCustomStages() throws {
        try writeVersionOne()
        _ = try scratch.session().execute("DROP TABLE \"Z_METADATA\"")
        let error = #expect(throws: (any Error).self) {
            try ModelContainer(for: NotesV2.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("none of the migration plan's versions"))
    }
}
#endif
