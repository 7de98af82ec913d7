import SwiftData
import Foundation

/// An earlier form of the schema, before categories had a display order and before
/// assets, snapshots and rates existed: what a store written by a first release holds.
enum AssetFlowSchemaV0: VersionedSchema {
    static let versionIdentifier = Schema.Version(0, 9, 0)

    static var models: [any PersistentModel.Type] { [Category.self] }

    @Model
    final class Category {
        var id: UUID
        var name: String
        var targetAllocationPercentage: Decimal?

        init(name: String, targetAllocationPercentage: Decimal? = nil) {
            self.id = UUID()
            self.name = name
            self.targetAllocationPercentage = targetAllocationPercentage
        }
    }
}

/// From the first release's schema to seed 004's `SchemaV1`: lightweight, the new
/// attribute taking its default and the new entities their tables.
enum AssetFlowMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [AssetFlowSchemaV0.self, AssetFlowSchemaV1.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: AssetFlowSchemaV0.self, toVersion: AssetFlowSchemaV1.self)]
    }
}
