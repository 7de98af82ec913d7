import Foundation
import OpenSwiftData

/// The sync client's note of one model: the sync ID that names it on every device
/// and the row that holds it in this store. Kept in the app's own store, beside the
/// models, so a change and its note are written together.
@Model
public final class SyncModelRecord {
    #Index<SyncModelRecord>([\.syncID], [\.entityName, \.rowID])

    /// The model's sync ID.
    public var syncID: UUID
    /// The model's entity.
    public var entityName: String
    /// The model's row number in this store; 0 while a model made by a pull awaits its first save.
    public var rowID: Int64
    /// Whether the model was deleted: a deleted sync ID never comes back, so later changes to it are ignored.
    public var isGone: Bool

    /// A note of the model with this sync ID and row.
    public init(syncID: UUID, entityName: String, rowID: Int64, isGone: Bool = false) {
        self.syncID = syncID
        self.entityName = entityName
        self.rowID = rowID
        self.isGone = isGone
    }
}

// In every synced app's stores: they tell no app's store from another's.
extension SyncModelRecord: SharedBookkeepingModel {}
extension SyncPropertyClock: SharedBookkeepingModel {}
extension SyncCheckpoint: SharedBookkeepingModel {}
