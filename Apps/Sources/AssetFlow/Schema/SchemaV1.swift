import Foundation
import SwiftData

/// The first version of AssetFlow's schema.
public enum SchemaV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)

    public static var models: [any PersistentModel.Type] {
        [Category.self, Asset.self, Snapshot.self, SnapshotAssetValue.self, CashFlowOperation.self, ExchangeRate.self]
    }
}

/// The migration plan: one version so far.
public enum AssetFlowMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
    public static var stages: [MigrationStage] { [] }
}
