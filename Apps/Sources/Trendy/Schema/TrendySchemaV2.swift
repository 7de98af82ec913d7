import SwiftData
import Foundation

/// The current schema: ``Event`` gained `isAllDay` (default false), `endDate` and
/// `externalID` (optional).
public enum TrendySchemaV2: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)

    public static var models: [any PersistentModel.Type] { [Event.self, EventType.self] }
}

/// V1 to V2 is lightweight: every new property has a value for existing rows.
public enum TrendyMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [TrendySchemaV1.self, TrendySchemaV2.self] }

    public static var stages: [MigrationStage] {
        [.lightweight(fromVersion: TrendySchemaV1.self, toVersion: TrendySchemaV2.self)]
    }
}
