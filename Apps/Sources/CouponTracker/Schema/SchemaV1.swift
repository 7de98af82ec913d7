import SwiftData

public enum SchemaVersion: Int, Sendable {
    case v1 = 1  // Initial release
    case v2 = 2  // The sync client's notes (SchemaV2)
}

// SwiftData handles lightweight migrations automatically for:
// - Adding new optional fields
// - Adding new entities
// - Adding new relationships

// For complex migrations:
public struct MigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] {
        [SchemaV1.self, SchemaV2.self]
    }

    public static var stages: [MigrationStage] {
        [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
    }
}

// Version 1 Schema
public enum SchemaV1: VersionedSchema {
    // `static let`, not the seed's `static var`: a mutable static is an error in Swift 6.
    public static let versionIdentifier: Schema.Version = .init(1, 0, 0)

    public static var models: [any PersistentModel.Type] {
        [UserCard.self, Benefit.self, BenefitUsage.self, UserPreferences.self]
    }
}
