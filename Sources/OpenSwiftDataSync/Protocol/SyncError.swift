import Foundation

/// Why a sync request failed, in words for the person who has to act on it.
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server could not be reached; the client tries again at its next sync.
    case unreachable(String)
    /// The request named an account other than the one the connection signed in as.
    case wrongAccount(requested: String, signedIn: String)
    /// The device's models were written with another schema version than the server's data.
    case schemaVersionMismatch(device: String, server: String)
    /// The client's container lacks the sync bookkeeping models, or its schema has a relationship sync cannot keep yet.
    case unsupportedSetup(String)
    /// The server or a device could not apply a change.
    case invalidChange(String)

    /// The error in words.
    public var description: String {
        switch self {
        case .unreachable(let reason):
            "The sync server could not be reached (\(reason)). Local changes are kept and sent at the next sync."
        case .wrongAccount(let requested, let signedIn):
            "The request is for account \"\(requested)\", but this connection is signed in as \"\(signedIn)\". Sign in as \"\(requested)\" to sync its data."
        case .schemaVersionMismatch(let device, let server):
            "This device's data uses schema version \(device), but the server's data for the account uses schema version \(server). Update the app (or the server) so that both use the same version, then sync again."
        case .unsupportedSetup(let reason):
            "Sync cannot start: \(reason)"
        case .invalidChange(let reason):
            "A change could not be applied: \(reason)"
        }
    }
}
