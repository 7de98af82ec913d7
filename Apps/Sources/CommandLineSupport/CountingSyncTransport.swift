import Foundation
import OpenSwiftDataSync

/// A transport that counts what passes through it, for a tool's `sync` to say what it
/// did: the changes uploaded (a batch the server had already applied counts once, when
/// it was applied) and the changes downloaded that another device made (the server's
/// log hands a device its own changes back too, stamped with its own clock).
final class CountingSyncTransport: SyncTransport, @unchecked Sendable {
    let inner: HTTPSyncTransport
    private let lock = NSLock()
    private var uploadedChanges = 0
    private var downloadedChanges = 0

    init(_ inner: HTTPSyncTransport) { self.inner = inner }

    var uploaded: Int { lock.withLock { uploadedChanges } }
    var downloaded: Int { lock.withLock { downloadedChanges } }

    func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
        let receipt = try await inner.upload(batch)
        if !receipt.wasDuplicate { lock.withLock { uploadedChanges += batch.changes.count } }
        return receipt
    }

    func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
        let page = try await inner.download(request)
        let others = page.changes.filter { !Self.isMade(by: request.device, $0) }.count
        lock.withLock { downloadedChanges += others }
        return page
    }

    /// Whether every write of the change was stamped by `device`'s clock.
    static func isMade(by device: UUID, _ change: SyncChange) -> Bool {
        switch change.kind {
        case .merge: false
        case .delete: change.deletedAt?.node == device
        case .insert, .update: !change.values.isEmpty && change.values.values.allSatisfy { $0.clock.node == device }
        }
    }
}
