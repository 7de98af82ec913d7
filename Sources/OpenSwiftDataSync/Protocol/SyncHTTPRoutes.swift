/// The addresses of the sync protocol over HTTP, below a server's base URL, which the
/// HTTP transport and a server both use. Every request carries `Authorization: Bearer TOKEN`;
/// bodies and answers are the wire types as JSON, and an error is `{"error": "words"}`.
/// An upload holding a change stamped too far ahead of the server's clock is refused with
/// 422 (``SyncError/clockAhead(_:)``), which a device answers by stamping its changes again.
///
/// - `GET  sync/v1/account`: the ``SyncAccount`` the token signs in as.
/// - `POST sync/v1/batches`: a ``SyncUploadBatch``; answers its ``SyncUploadReceipt``.
/// - `GET  sync/v1/changes?after=CURSOR&limit=N&account=A&device=D&schemaVersion=V`: a ``SyncDownloadPage``.
public enum SyncHTTPRoutes {
    /// The account the token signs in as.
    public static let account = "sync/v1/account"
    /// Uploads.
    public static let batches = "sync/v1/batches"
    /// Downloads.
    public static let changes = "sync/v1/changes"

    /// The query parameter of a sign-in: the device's schema version, which a server that
    /// syncs another refuses (409) before the device has opened or made a store for it.
    public enum AccountQuery {
        public static let schemaVersion = "schemaVersion"
    }

    /// The query parameters of a download, in the order the transport writes them.
    public enum ChangesQuery {
        public static let after = "after"
        public static let limit = "limit"
        public static let account = "account"
        public static let device = "device"
        public static let schemaVersion = "schemaVersion"
        /// A full download's position (``SyncFullDownloadPosition``), given together after
        /// its first page: the log position it runs through, and how many models it sent.
        public static let fullDownloadThrough = "fullDownloadThrough"
        public static let fullDownloadSent = "fullDownloadSent"
        /// All of them.
        public static let all = [after, limit, account, device, schemaVersion, fullDownloadThrough, fullDownloadSent]
    }
}

/// The body of an HTTP error answer: `{"error": "words"}`.
public struct SyncHTTPErrorBody: Codable, Sendable {
    /// What went wrong and what to do, in the user's words.
    public var error: String

    /// A body saying `error`.
    public init(error: String) { self.error = error }
}
