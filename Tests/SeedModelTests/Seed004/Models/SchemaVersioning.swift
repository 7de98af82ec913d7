import SwiftData
import Foundation

// Seed 004 calls this `SchemaV1`; renamed because seed 001's `SchemaV1` is in the same
// test module, and one module cannot declare the name twice.
enum AssetFlowSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Category.self, Asset.self, Snapshot.self, SnapshotAssetValue.self, CashFlowOperation.self, ExchangeRate.self]
    }
}
