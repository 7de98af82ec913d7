import OpenSwiftDataSync
import SwiftData

/// Version 2 (sync): the store also holds the sync client's notes (`SyncClient.models`),
/// so that `coupontracker sync` can keep stores in step and a change and its note are
/// saved together. Three new entities and nothing else: a lightweight stage from version 1.
public enum SchemaV2: VersionedSchema {
    public static let versionIdentifier: Schema.Version = .init(2, 0, 0)

    public static var models: [any PersistentModel.Type] {
        SchemaV1.models + SyncClient.models
    }
}
