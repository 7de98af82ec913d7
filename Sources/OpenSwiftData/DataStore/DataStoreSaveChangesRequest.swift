import Foundation

/// One save of a context: the snapshots of the models it inserted (with temporary
/// identifiers), updated and deleted.
public struct DataStoreSaveChangesRequest<SnapshotType: DataStoreSnapshot>: Sendable {
    /// The editing state of the context that saves.
    public let editingState: EditingState
    /// Snapshots of the inserted models, under temporary identifiers.
    public let inserted: [SnapshotType]
    /// Snapshots of the changed models.
    public let updated: [SnapshotType]
    /// Snapshots of the deleted models.
    public let deleted: [SnapshotType]
    init(editingState: EditingState, inserted: [SnapshotType], updated: [SnapshotType], deleted: [SnapshotType]) {
        self.editingState = editingState
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}
