import SwiftData
import Foundation

// The current models: Event gained `isAllDay` (default false) and `endDate` (optional).
enum TrendySchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Event.self, EventType.self]
    }
}

// V1 to V2 is the lightweight migration the seed relies on: both new properties have
// a value for existing rows without custom code.
enum TrendyMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [TrendySchemaV1.self, TrendySchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: TrendySchemaV1.self, toVersion: TrendySchemaV2.self)]
    }
}
