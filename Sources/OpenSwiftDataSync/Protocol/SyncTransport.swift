import Foundation

/// How a sync client reaches its server: upload a batch, download a page. An HTTP
/// transport and the in-process one (``InProcessSyncTransport``) both conform.
///
/// A transport throws ``SyncError/unreachable(_:)`` when it cannot reach the server,
/// and the server's own ``SyncError`` when the server refuses a request.
public protocol SyncTransport: Sendable {
    /// Sends a batch; returns the server's receipt.
    func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt
    /// Reads one page of changes after the request's cursor.
    func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage
}
