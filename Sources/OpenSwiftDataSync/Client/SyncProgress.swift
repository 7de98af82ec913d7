import Foundation

/// How far a running sync has got, for a progress bar on a long transfer.
public struct SyncProgress: Hashable, Sendable, CustomStringConvertible {
    /// What the sync is doing.
    public enum Phase: String, Hashable, Sendable {
        /// Reading what the store saved since the last sync.
        case preparing
        /// Waiting for another sync of the store (or of a store in its folder) to finish,
        /// or for another program that holds the lock syncs take turns by (see the Sync article).
        case waiting
        /// Sending this device's changes.
        case uploading
        /// Receiving the other devices' changes.
        case downloading
        /// Saving the received changes into the store.
        case applying
    }

    /// What the sync is doing.
    public var phase: Phase
    /// The changes sent or received so far in this phase.
    public var completedChanges: Int
    /// The changes the phase has in all, when known: an upload knows its size, a
    /// download learns it only at its last page.
    public var totalChanges: Int?

    /// Progress at this point.
    public init(phase: Phase, completedChanges: Int = 0, totalChanges: Int? = nil) {
        self.phase = phase
        self.completedChanges = completedChanges
        self.totalChanges = totalChanges
    }

    /// The progress in words, such as "uploading 5000 of 12000 changes".
    public var description: String {
        switch (phase, totalChanges) {
        case (.preparing, _): "preparing"
        case (.waiting, _): "waiting for another sync of the store to finish"
        case (_, let total?): "\(phase.rawValue) \(completedChanges) of \(total) changes"
        case (_, nil): "\(phase.rawValue) \(completedChanges) changes"
        }
    }
}
