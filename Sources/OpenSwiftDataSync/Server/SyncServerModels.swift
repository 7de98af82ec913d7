import Foundation
import OpenSwiftData

/// One change of an account's log, in the order the server recorded it.
@Model
public final class SyncServerLogEntry {
    #Index<SyncServerLogEntry>([\.account, \.sequence])

    /// The account whose change this is.
    public var account: String
    /// Its position in the account's log, from 1.
    public var sequence: Int64
    /// The change as devices download it (JSON).
    public var payload: Data
    /// When the server recorded it: compaction removes the entries older than a date.
    public var recordedAt: Date = Date.distantPast
    /// The device whose upload the change repeats, which already holds it and is not sent it
    /// back; nil for a change the server made (a merge), which every device is sent.
    public var device: UUID?

    /// A log entry.
    public init(account: String, sequence: Int64, payload: Data, recordedAt: Date = Date(), device: UUID? = nil) {
        self.account = account
        self.sequence = sequence
        self.payload = payload
        self.recordedAt = recordedAt
        self.device = device
    }
}

/// How far an account's log was compacted: the entries up to ``compactedThrough`` are
/// gone, so a device whose cursor is before it gets a full download.
@Model
public final class SyncServerCompaction {
    /// The account whose log was compacted.
    @Attribute(.unique) public var account: String
    /// The last log position removed.
    public var compactedThrough: Int64

    /// A compaction mark.
    public init(account: String, compactedThrough: Int64) {
        self.account = account
        self.compactedThrough = compactedThrough
    }
}

/// What the server knows of one model of an account: its entity, whether it was
/// deleted, and the model it was merged into when two devices inserted one unique key.
@Model
public final class SyncServerRecord {
    #Index<SyncServerRecord>([\.account, \.syncID])

    /// The account the model belongs to.
    public var account: String
    /// The model's sync ID.
    public var syncID: UUID
    /// The model's entity.
    public var entityName: String
    /// Whether it was deleted, for good.
    public var isGone: Bool
    /// The sync ID of the model it is one with, if it was merged.
    public var mergedInto: UUID?

    /// A record.
    public init(account: String, syncID: UUID, entityName: String, isGone: Bool = false, mergedInto: UUID? = nil) {
        self.account = account
        self.syncID = syncID
        self.entityName = entityName
        self.isGone = isGone
        self.mergedInto = mergedInto
    }
}

/// The current value of one property of one model of an account, with the moment it was written.
@Model
public final class SyncServerProperty {
    #Index<SyncServerProperty>([\.account, \.syncID])

    /// The account the model belongs to.
    public var account: String
    /// The model's sync ID.
    public var syncID: UUID
    /// The property's name.
    public var name: String
    /// The value (JSON of a ``SyncValue``).
    public var value: Data
    /// When it was written (``HLCTimestamp/description``).
    public var clock: String

    /// A property's value.
    public init(account: String, syncID: UUID, name: String, value: Data, clock: String) {
        self.account = account
        self.syncID = syncID
        self.name = name
        self.value = value
        self.clock = clock
    }
}

/// A unique key held by a live model of an account: a second model inserted with it is merged into that one.
@Model
public final class SyncServerUniqueKey {
    #Index<SyncServerUniqueKey>([\.account, \.key], [\.account, \.syncID])

    /// The account the model belongs to.
    public var account: String
    /// The model's entity.
    public var entityName: String
    /// The key (see ``SyncChange/uniqueKeys``).
    public var key: String
    /// The model holding it.
    public var syncID: UUID

    /// A held key.
    public init(account: String, entityName: String, key: String, syncID: UUID) {
        self.account = account
        self.entityName = entityName
        self.key = key
        self.syncID = syncID
    }
}

/// A batch the server applied, so that the same batch sent again is not applied twice.
@Model
public final class SyncServerBatch {
    #Index<SyncServerBatch>([\.account, \.batchID])

    /// The account the batch was for.
    public var account: String
    /// The batch's idempotency ID.
    public var batchID: UUID
    /// How many changes it recorded.
    public var recordedChanges: Int
    /// How many uploads of its device the server had applied with it (nil: applied before
    /// they were counted), given again when the batch is sent again.
    public var deviceUploads: Int64?

    /// A received batch.
    public init(account: String, batchID: UUID, recordedChanges: Int, deviceUploads: Int64? = nil) {
        self.account = account
        self.batchID = batchID
        self.recordedChanges = recordedChanges
        self.deviceUploads = deviceUploads
    }
}

/// How many uploads of one device of an account the server has applied. A store that
/// knows of fewer is a copy put back from before some of them, or a second copy syncing
/// as the same device: the server does not send a device what that device uploaded, so
/// the copy must continue as a new device to get them (see ``SyncDownloadPage/deviceUploads``).
@Model
public final class SyncServerDevice {
    #Index<SyncServerDevice>([\.account, \.device])

    /// The account the device syncs.
    public var account: String
    /// The device.
    public var device: UUID
    /// How many of its uploads the server has applied.
    public var uploads: Int64

    /// A device's count.
    public init(account: String, device: UUID, uploads: Int64) {
        self.account = account
        self.device = device
        self.uploads = uploads
    }
}

/// An app schema version the server has started on: the first start on a version is when
/// the members kept by an earlier version's rule are carried to this one's (see
/// ``SyncServer/init(modelContainer:schemaVersion:schema:)``).
@Model
public final class SyncServerSchemaVersion {
    /// The version, as the server was given it.
    @Attribute(.unique) public var version: String
    /// When the server first started on it.
    public var firstStartedAt: Date

    /// A version first started on now.
    public init(version: String, firstStartedAt: Date = Date()) {
        self.version = version
        self.firstStartedAt = firstStartedAt
    }
}
