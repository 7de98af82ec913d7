import Foundation

/// A transport to a ``SyncServer`` in the same process, signed in as one account: for
/// tests, and for a program that runs its own server. It can be taken offline, to act
/// as a network that is down.
public final class InProcessSyncTransport: SyncTransport, @unchecked Sendable {
    /// The server requests go to.
    public let server: SyncServer
    /// The account the transport is signed in as.
    public let signedInAs: String
    private let lock = NSLock()
    private var reachable = true

    /// A transport to `server`, signed in as `account`.
    public init(server: SyncServer, signedInAs account: String) {
        self.server = server
        self.signedInAs = account
    }

    /// Whether requests reach the server; when false they throw ``SyncError/unreachable(_:)``.
    public var isReachable: Bool {
        get { lock.withLock { reachable } }
        set { lock.withLock { reachable = newValue } }
    }

    /// Sends the batch to the server.
    public func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
        try checkReachable()
        return try await server.upload(batch, signedInAs: signedInAs)
    }

    /// Reads a page from the server.
    public func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
        try checkReachable()
        return try await server.download(request, signedInAs: signedInAs)
    }

    private func checkReachable() throws {
        guard isReachable else { throw SyncError.unreachable("the in-process transport is set offline") }
    }
}
