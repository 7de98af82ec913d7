import Foundation

/// What the sync client is doing or last found.
public enum SyncStatus: Hashable, Sendable, CustomStringConvertible {
    /// The client has not synced yet.
    case idle
    /// A sync is running, this far.
    case syncing(SyncProgress)
    /// The last sync uploaded everything and downloaded everything the server had, at this time.
    case upToDate(Date)
    /// The server could not be reached; local changes wait for the next sync.
    case offline(String)
    /// The server refused a request or a change could not be applied; the reason says what to do.
    case failing(String)

    /// The status in words.
    public var description: String {
        switch self {
        case .idle: "Not synced yet."
        case .syncing(let progress): "Syncing: \(progress)…"
        case .upToDate(let date): "Up to date as of \(date)."
        case .offline(let reason): "Offline: \(reason)"
        case .failing(let reason): "Sync is failing: \(reason)"
        }
    }
}
