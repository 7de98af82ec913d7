import Foundation

/// What a device asks the server for: the account's changes after a cursor.
public struct SyncDownloadRequest: Hashable, Codable, Sendable {
    /// The account whose changes to read.
    public var account: String
    /// The downloading device.
    public var device: UUID
    /// The version of the schema the device's models were written with.
    public var schemaVersion: String
    /// The position after which to read: 0 for the start, else a page's ``SyncDownloadPage/cursor``.
    public var cursor: Int64
    /// The most changes to return.
    public var limit: Int

    /// A request with these parts.
    public init(account: String, device: UUID, schemaVersion: String, cursor: Int64, limit: Int) {
        self.account = account
        self.device = device
        self.schemaVersion = schemaVersion
        self.cursor = cursor
        self.limit = limit
    }
}

/// One page of an account's changes, in the order the server recorded them.
public struct SyncDownloadPage: Hashable, Codable, Sendable {
    /// The changes, oldest first.
    public var changes: [SyncChange]
    /// The position of the last change of the page: the next request's cursor.
    public var cursor: Int64
    /// Whether the server holds more changes after this page.
    public var hasMore: Bool

    /// A page with these parts.
    public init(changes: [SyncChange], cursor: Int64, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }
}
