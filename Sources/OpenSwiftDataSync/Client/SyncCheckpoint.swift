import Foundation
import OpenSwiftData

/// Where the sync client is: this device's ID and clock, the account it syncs, the last
/// history transaction it has uploaded, the server position it has downloaded through,
/// and the batch it has built but the server has not yet acknowledged.
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

    /// A checkpoint at the start.
    public init(device: UUID, historyTransaction: Int64 = 0, cursor: Int64 = 0, clock: String, pendingBatch: Data? = nil) {
        self.device = device
        self.historyTransaction = historyTransaction
        self.cursor = cursor
        self.clock = clock
        self.pendingBatch = pendingBatch
    }
}
