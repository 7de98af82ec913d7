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

enum CustomNotesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self, NotesSchemaV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self, willMigrate: nil, didMigrate: nil)]
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

    @Test func aPlanWithACustomStageIsRefusedNamingIt() throws {
        let error = #expect(throws: (any Error).self) {
            try ModelContainer(for: NotesV2.Note.self, migrationPlan: CustomNotesPlan.self, configurations: configuration)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("custom stage 1.0.0"))
    }
}
