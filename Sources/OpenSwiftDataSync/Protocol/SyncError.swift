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
    /// The server refused the device's credentials (HTTP 401 or 403), in the server's words.
    case tokenRefused(String)
    /// The server refused a batch as too large (HTTP 413), in the server's words.
    case batchTooLarge(String)
    /// The server refused the upload as stamped too far ahead of its own clock (HTTP 422),
    /// in the server's words, which say so: this device's date and time are wrong, or were when its
    /// changes were made. The client stamps its waiting changes again once its clock is right.
    case clockAhead(String)
    /// The server refused the request (another 4xx) or failed to answer it (5xx), in its words.
    case rejected(status: Int, reason: String)
    /// The server answered with something that is not a sync reply: not a sync server's address, or a proxy's page.
    case invalidResponse(String)

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
        case .tokenRefused(let reason):
            "The sync server refused this device's token: \(Self.clause(reason)). Check the token the server's owner gave you for this account, then sync again."
        case .batchTooLarge(let reason):
            "The sync server refused the upload as too large: \(Self.clause(reason)). Local changes are kept; ask the server's owner to raise its limit."
        case .clockAhead(let reason):
            "\(Self.clause(reason)). Set this device's date and time right, then sync again: local changes are kept, and stamped again then. "
                + "If they are right, the server's clock is behind: tell the server's owner."
        case .rejected(let status, let reason) where status >= 500:
            "The sync server failed to answer (HTTP \(status)): \(Self.clause(reason)). Local changes are kept and sent at the next sync."
        case .rejected(let status, let reason):
            "The sync server refused the request (HTTP \(status)): \(Self.clause(reason))."
        case .invalidResponse(let reason):
            "The sync server's answer could not be read: \(Self.clause(reason))."
        }
    }

    /// A server's sentence made a clause of ours: without its final period.
    private static func clause(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
