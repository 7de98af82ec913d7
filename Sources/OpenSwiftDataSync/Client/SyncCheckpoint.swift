import Foundation
import OpenSwiftData

/// Where the sync client is: this device's ID and clock, the account it syncs, the last
/// history transaction it has uploaded, the server position it has downloaded through,
/// the batch it has built but the server has not yet acknowledged, and how many of its
/// uploads the server has applied.
@Model
public final class SyncCheckpoint {
    /// This device's node ID, made at the first sync.
    public var device: UUID
    /// The last history transaction read for upload (0: none yet).
    public var historyTransaction: Int64
    /// The server cursor downloaded through (0: nothing yet).
    public var cursor: Int64
    /// The device clock's latest moment (``HLCTimestamp/description``).
    public var clock: String
    /// The batch built and not yet acknowledged (JSON), sent again as is until it is.
    public var pendingBatch: Data?
    /// The account whose data the store holds, noted at its first sync: its cursor and
    /// its models are that account's, so the store syncs no other.
    public var account: String?
    /// How many uploads of this device the server has applied, as this store knows: a
    /// server that counts more is holding uploads this store never made, so the store is a
    /// copy put back from before them (or a second copy syncing as the same device). Nil
    /// until a server that counts them has said (a store that synced before they were counted).
    public var acknowledgedUploads: Int64?
    /// The sync IDs of the models downloads left breaking their own rules (JSON), kept
    /// until they keep them again: each sync reports those that still break them, so that
    /// a sync stopped before its app showed what it brought does not lose them. Nil: none.
    public var unmendedRuleBreaks: Data?

    /// A checkpoint at the start.
    public init(device: UUID, historyTransaction: Int64 = 0, cursor: Int64 = 0, clock: String, pendingBatch: Data? = nil) {
        self.device = device
        self.historyTransaction = historyTransaction
        self.cursor = cursor
        self.clock = clock
        self.pendingBatch = pendingBatch
        self.acknowledgedUploads = 0
    }
}

extension SyncCheckpoint {
    /// The sync IDs ``unmendedRuleBreaks`` holds, in the order they were found. A value
    /// this client could not have written (another program's) is taken as none: the
    /// models it named are still checked whenever a download touches them again.
    var ruleBreakSyncIDs: [UUID] {
        get { unmendedRuleBreaks.flatMap { try? JSONDecoder().decode([UUID].self, from: $0) } ?? [] }
        set { unmendedRuleBreaks = newValue.isEmpty ? nil : try? JSONEncoder().encode(newValue) }
    }

    /// A new device ID, downloading from the start, with no upload of its own yet.
    func startAsNewDevice() {
        device = UUID()
        cursor = 0
        acknowledgedUploads = 0
    }
}
