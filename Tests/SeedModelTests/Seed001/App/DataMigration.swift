import SwiftData

enum SchemaVersion: Int {
    case v1 = 1  // Initial release
    case v2 = 2  // Future: add new fields
}

// SwiftData handles lightweight migrations automatically for:
// - Adding new optional fields
// - Adding new entities
// - Adding new relationships

// For complex migrations:
struct MigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [SchemaV1.self]
    }

    static var stages: [MigrationStage] {
        []  // No migrations yet
    }
}

// Version 1 Schema
enum SchemaV1: VersionedSchema {
    // Changed `static var` to `static let`: a mutable static is an error in Swift 6 language mode.
    static let versionIdentifier: Schema.Version = .init(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [UserCard.self, Benefit.self, BenefitUsage.self, UserPreferences.self]
    }
}
