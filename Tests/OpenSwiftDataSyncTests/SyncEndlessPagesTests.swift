import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A server whose download pages say more changes follow without moving on: the sync asked
/// for the next page without end (115,440 requests in 90 s), saying nothing.
@Suite struct SyncEndlessPagesTests {
    /// Answers every download with a page that says more follow, at `cursor`, holding no change.
    final class StandingStill: SyncTransport, @unchecked Sendable {
        let cursor: (Int) -> Int64
        private let lock = NSLock()
        private var asked = 0
        var requests: Int { lock.withLock { asked } }

        init(cursor: @escaping (Int) -> Int64) { self.cursor = cursor }

        func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
            SyncUploadReceipt(batchID: batch.id, recordedChanges: batch.changes.count, wasDuplicate: false)
        }

        func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
            let count = lock.withLock { asked += 1; return asked }
            // A sync that keeps asking fails the test here rather than running without end.
            if count > 100 { throw SyncError.unreachable("the test's server answers 100 requests") }
            return SyncDownloadPage(changes: [], cursor: cursor(count), hasMore: true)
        }
    }

    func syncRefused(by transport: StandingStill) async throws -> SyncError? {
        let stores = try TemporaryStores()
        let client = try SyncClient(modelContainer: try stores.container("device", syncTestModels + SyncClient.models),
                                    account: "alice", transport: transport, schemaVersion: "1.0.0")
        do {
            try await client.syncOnce()
            return nil
        } catch let error as SyncError {
            return error
        }
    }

    @Test func pagesSayingMoreFollowAtTheSamePositionAreRefusedAtTheFirst() async throws {
        let transport = StandingStill { _ in 0 }
        let refused = try await syncRefused(by: transport)
        #expect(refused == .invalidResponse(
            "it said more changes follow position 0, but its page held none; nothing was changed. If this keeps happening, the server's owner should check it"))
        #expect(transport.requests == 1)
    }

    @Test func pagesSayingMoreFollowThatMoveOnWithoutAChangeAreRefused() async throws {
        let transport = StandingStill { Int64($0) }
        let refused = try await syncRefused(by: transport)
        #expect(refused?.description.contains("held none") == true, "\(String(describing: refused))")
        #expect(transport.requests == 1)
    }
}
