import Foundation

/// The changes a device uploads at once. The server applies a batch whole or not at
/// all, and at most once: a batch sent again with the same ``id`` (a retry after a
/// lost reply) changes nothing and gets the first reply again.
public struct SyncUploadBatch: Hashable, Codable, Sendable {
    /// The batch's idempotency ID, chosen by the device and kept until the server acknowledges it.
    public var id: UUID
    /// The account whose data the batch changes.
    public var account: String
    /// The uploading device.
    public var device: UUID
    /// The version of the schema the device's models were written with.
    public var schemaVersion: String
    /// The changes, in the order they were made.
    public var changes: [SyncChange]

    /// A batch with these parts.
    public init(id: UUID = UUID(), account: String, device: UUID, schemaVersion: String, changes: [SyncChange]) {
        self.id = id
        self.account = account
        self.device = device
        self.schemaVersion = schemaVersion
        self.changes = changes
    }
}

/// The server's reply to an upload.
public struct SyncUploadReceipt: Hashable, Codable, Sendable {
    /// The batch acknowledged.
    public var batchID: UUID
    /// How many of the batch's changes the server recorded (the rest lost to later writes or deletes).
    public var recordedChanges: Int
    /// Whether this reply is a repeat: the batch had already been applied and was not applied again.
    public var wasDuplicate: Bool
    /// How many uploads of the device the server had applied once it applied this one,
    /// this one included (for a repeat, as of its first time); nil from a server that does
    /// not count them. A device that expected fewer is a copy of a store that uploaded more.
    public var deviceUploads: Int64?

    /// A receipt with these parts.
    public init(batchID: UUID, recordedChanges: Int, wasDuplicate: Bool, deviceUploads: Int64? = nil) {
        self.batchID = batchID
        self.recordedChanges = recordedChanges
        self.wasDuplicate = wasDuplicate
        self.deviceUploads = deviceUploads
    }
}
