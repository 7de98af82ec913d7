import Foundation

/// Who a device's credentials sign it in as, and the schema version the server's data
/// is on: the server's answer to ``SyncHTTPRoutes/account``.
public struct SyncAccount: Hashable, Codable, Sendable {
    /// The account the credentials belong to.
    public var account: String
    /// The schema version the server requires of devices.
    public var schemaVersion: String

    /// An answer with these parts.
    public init(account: String, schemaVersion: String) {
        self.account = account
        self.schemaVersion = schemaVersion
    }
}
