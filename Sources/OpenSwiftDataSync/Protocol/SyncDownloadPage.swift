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
    /// Where a full download stands, when the previous page was one: that page's
    /// ``SyncDownloadPage/fullDownload``.
    public var fullDownload: SyncFullDownloadPosition?

    /// A request with these parts.
    public init(account: String, device: UUID, schemaVersion: String, cursor: Int64, limit: Int,
                fullDownload: SyncFullDownloadPosition? = nil) {
        self.account = account
        self.device = device
        self.schemaVersion = schemaVersion
        self.cursor = cursor
        self.limit = limit
        self.fullDownload = fullDownload
    }
}

/// One page of an account's changes, in the order the server recorded them, or, in a
/// full download, one page of the account's models as the server holds them now.
public struct SyncDownloadPage: Hashable, Codable, Sendable {
    /// The changes, oldest first.
    public var changes: [SyncChange]
    /// The position of the last change of the page: the next request's cursor.
    public var cursor: Int64
    /// Whether the server holds more changes after this page.
    public var hasMore: Bool
    /// Whether the page is part of a full download: the server no longer holds the
    /// changes after the request's cursor (it compacted its log), so it sends every
    /// model of the account instead, each as an insert with its values and their clocks,
    /// each deleted or merged model as its delete or merge.
    public var isFullDownload: Bool
    /// Where the full download goes on, for the next request; nil after its last page.
    public var fullDownload: SyncFullDownloadPosition?
    /// How many uploads of the requesting device the server has applied; nil from a server
    /// that does not count them. A device that knows of fewer is a copy of a store that
    /// uploaded more.
    public var deviceUploads: Int64?

    /// A page with these parts.
    public init(changes: [SyncChange], cursor: Int64, hasMore: Bool, isFullDownload: Bool = false,
                fullDownload: SyncFullDownloadPosition? = nil, deviceUploads: Int64? = nil) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
        self.isFullDownload = isFullDownload
        self.fullDownload = fullDownload
        self.deviceUploads = deviceUploads
    }
}
