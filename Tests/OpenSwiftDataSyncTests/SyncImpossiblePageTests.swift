import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A download page no sync server's log can give: a position below zero or at the last
/// one a log can hold, or a count of this device's uploads below zero. Taken without a word,
/// a position at the last one left the device asking after it for good, never downloading
/// again, and a count below zero was kept as the device's own.
@Suite struct SyncImpossiblePageTests {
    /// Answers every download with `page`.
    struct OnePage: SyncTransport {
        let page: SyncDownloadPage

        func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
            SyncUploadReceipt(batchID: batch.id, recordedChanges: batch.changes.count, wasDuplicate: false)
        }

        func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage { page }
    }

    func syncRefused(by page: SyncDownloadPage) async throws -> SyncError? {
        let stores = try TemporaryStores()
        let client = try SyncClient(modelContainer: try stores.container("device", syncTestModels + SyncClient.models),
                                    account: "alice", transport: OnePage(page: page), schemaVersion: "1.0.0")
        do {
            try await client.syncOnce()
            return nil
        } catch let error as SyncError {
            return error
        }
    }

    @Test func aPageAtAPositionBelowZeroIsRefused() async throws {
        let refused = try await syncRefused(by: SyncDownloadPage(changes: [], cursor: -5, hasMore: false))
        #expect(refused == .invalidResponse("it gave its log's position as -5, which no log holds; nothing was changed. "
                                            + "If this keeps happening, the server's owner should check it"))
    }

    @Test func aPageAtTheLastPositionALogCanHoldIsRefused() async throws {
        let refused = try await syncRefused(by: SyncDownloadPage(changes: [], cursor: .max, hasMore: false))
        #expect(refused == .invalidResponse("it gave its log's position as \(Int64.max), the last a log can hold, after which no change "
                                            + "could follow; nothing was changed. If this keeps happening, the server's owner should check it"))
    }

    @Test func aCountOfThisDevicesUploadsBelowZeroIsRefused() async throws {
        let refused = try await syncRefused(by: SyncDownloadPage(changes: [], cursor: 0, hasMore: false, deviceUploads: -1))
        #expect(refused == .invalidResponse("it counted -1 uploads of this device, and a count is never below zero; nothing was changed. "
                                            + "If this keeps happening, the server's owner should check it"))
    }

    @Test func aPageAtAPositionAfterZeroIsTaken() async throws {
        #expect(try await syncRefused(by: SyncDownloadPage(changes: [], cursor: 7, hasMore: false, deviceUploads: 0)) == nil)
    }
}
