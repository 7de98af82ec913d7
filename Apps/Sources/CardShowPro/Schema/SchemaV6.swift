import Foundation
import OpenSwiftData
import OpenSwiftDataSync

/// Version 6 (sync): the store also holds the sync client's notes (`SyncClient.models`:
/// which row is which synced model, when each property was last written, how far the
/// store has uploaded and downloaded), so that `cardshow sync` can keep stores in step
/// and a change and its note are saved together.
///
/// Three new entities and nothing else: a lightweight stage from version 5. Its app
/// models are version 5's, frozen there.
public enum SchemaV6: VersionedSchema {
    public static let versionIdentifier = Schema.Version(6, 0, 0)

    public static var models: [any PersistentModel.Type] {
        SchemaV5.models + SyncClient.models
    }
}
