import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// An upload larger than the client's ``SyncClient/changesPerUpload`` goes in parts, each
/// applied whole by the server, in an order where no part depends on a later one.
@Suite struct SyncUploadPartsTests {
    /// Passes requests on, counting the uploads, and stops answering after `answered` of them.
    final class PartCountingTransport: SyncTransport, @unchecked Sendable {
        let inner: InProcessSyncTransport
        private let lock = NSLock()
        private var uploads: [Int] = []
        private let answered: Int?

        init(_ inner: InProcessSyncTransport, answered: Int? = nil) {
            self.inner = inner
            self.answered = answered
        }

        /// The number of changes in each upload so far.
        var uploadSizes: [Int] { lock.withLock { uploads } }

        func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
            let count = lock.withLock { uploads.count }
            if let answered, count >= answered { throw SyncError.unreachable("the connection dropped") }
            let receipt = try await inner.upload(batch)
            lock.withLock { uploads.append(batch.changes.count) }
            return receipt
        }

        func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
            try await inner.download(request)
        }
    }

    func client(_ world: SyncWorld, _ device: Int, _ transport: any SyncTransport, changesPerUpload: Int) throws -> SyncClient {
        try SyncClient(modelContainer: world.devices[device].container, account: world.account, transport: transport,
                       schemaVersion: "1.0.0", changesPerUpload: changesPerUpload)
    }

    func logCount(_ world: SyncWorld) async throws -> Int {
        try await world.server.download(SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0",
                                                            cursor: 0, limit: 10_000), signedInAs: world.account).changes.count
    }

    func insertCards(_ count: Int, on device: SyncWorld.Device) throws {
        try device.container.edit { context in
            for index in 0..<count { context.insert(SyncCard(front: "card \(index)", score: index)) }
        }
    }

    @Test("an upload over the client's limit is sent in parts and reaches the other device whole")
    func uploadSentInParts() async throws {
        let world = try SyncWorld(devices: 2)
        try insertCards(25, on: world.devices[0])
        let counting = PartCountingTransport(world.devices[0].transport)
        try await client(world, 0, counting, changesPerUpload: 10).syncOnce()
        try await world.devices[1].client.syncOnce()
        #expect(counting.uploadSizes == [10, 10, 5])
        #expect(try world.devices[1].container.all(SyncCard.self).count == 25)
    }

    @Test("a sync stopped between parts sends them again, and the server records each change once")
    func partsResentAfterDropRecordedOnce() async throws {
        let world = try SyncWorld(devices: 2)
        try insertCards(25, on: world.devices[0])
        let dropping = PartCountingTransport(world.devices[0].transport, answered: 2)
        await #expect(throws: SyncError.self) { try await client(world, 0, dropping, changesPerUpload: 10).syncOnce() }
        let afterDrop = try await logCount(world)
        let counting = PartCountingTransport(world.devices[0].transport)
        try await client(world, 0, counting, changesPerUpload: 10).syncOnce()
        #expect(afterDrop == 20)
        #expect(counting.uploadSizes == [10, 10, 5])
        #expect(try await logCount(world) == 25)
    }

    @Test("a batch split another way after a drop is recorded once")
    func partsOfAnotherSizeRecordedOnce() async throws {
        let world = try SyncWorld(devices: 2)
        try insertCards(25, on: world.devices[0])
        let dropping = PartCountingTransport(world.devices[0].transport, answered: 1)
        await #expect(throws: SyncError.self) { try await client(world, 0, dropping, changesPerUpload: 10).syncOnce() }
        try await client(world, 0, world.devices[0].transport, changesPerUpload: 7).syncOnce()
        try await world.devices[1].client.syncOnce()
        #expect(try await logCount(world) == 25)
        #expect(try world.devices[1].container.all(SyncCard.self).count == 25)
    }

    @Test("a model merged by its unique key in a later part is the one an earlier part's insert names")
    func mergeAcrossPartsKeepsReferences() async throws {
        let world = try SyncWorld(devices: 2)
        try world.devices[1].container.edit { $0.insert(SyncTag(name: "red", color: 1)) }
        try await world.devices[1].client.syncOnce()
        try world.devices[0].container.edit { context in
            // The tag names the card in its cards and the card names the tag: in parts of
            // one change each, the tag's insert must still reach the server first.
            let card = SyncCard(front: "apple")
            context.insert(card)
            card.tag = SyncTag(name: "red", color: 2)
        }
        try await client(world, 0, PartCountingTransport(world.devices[0].transport), changesPerUpload: 1).syncOnce()
        try await world.syncAll()
        let cards = try world.devices[1].container.all(SyncCard.self)
        #expect(cards.map(\.front) == ["apple"])
        #expect(cards.first?.tag?.name == "red")
        #expect(try world.devices[1].container.all(SyncTag.self).count == 1)
        let server = try await world.serverState()
        let device = try await world.devices[0].client.currentState()
        #expect(device == server)
    }

    @Test("parts put deletes first, and each insert after the inserts its values name")
    func partOrder() {
        let clock = HLCTimestamp.zero
        let tag = UUID(), card = UUID(), gone = UUID(), edited = UUID()
        let changes = [
            SyncChange(entityName: "SyncCard", syncID: card, kind: .insert, values: ["tag": SyncStampedValue(.reference(tag), at: clock)]),
            SyncChange(entityName: "SyncCard", syncID: edited, kind: .update, values: ["score": SyncStampedValue(.integer(1), at: clock)]),
            SyncChange(entityName: "SyncTag", syncID: tag, kind: .insert),
            SyncChange(entityName: "SyncTag", syncID: gone, kind: .delete, deletedAt: clock),
        ]
        let batch = SyncUploadBatch(account: "a", device: UUID(), schemaVersion: "1", changes: changes)
        let parts = batch.parts(ofAtMost: 3)
        #expect(parts.map { $0.changes.map(\.syncID) } == [[gone, tag, card], [edited]])
        #expect(Set(parts.map(\.id)).count == 2)
        #expect(!parts.map(\.id).contains(batch.id))
        #expect(batch.parts(ofAtMost: 3).map(\.id) == parts.map(\.id))
    }

    @Test("a batch within the limit is sent as it is")
    func smallBatchOnePart() {
        let batch = SyncUploadBatch(account: "a", device: UUID(), schemaVersion: "1",
                                    changes: [SyncChange(entityName: "SyncTag", syncID: UUID(), kind: .insert)])
        #expect(batch.parts(ofAtMost: 1) == [batch])
    }

    @Test("status updates report the upload's progress, part by part")
    func uploadProgress() async throws {
        let world = try SyncWorld(devices: 1)
        try insertCards(25, on: world.devices[0])
        let client = try client(world, 0, world.devices[0].transport, changesPerUpload: 10)
        let updates = await client.statusUpdates()
        try await client.syncOnce()
        var uploading: [String] = []
        for await status in updates {
            if case .syncing(let progress) = status, progress.phase == .uploading { uploading.append(progress.description) }
            if case .upToDate = status { break }
        }
        #expect(uploading == ["uploading 0 of 25 changes", "uploading 10 of 25 changes", "uploading 20 of 25 changes",
                              "uploading 25 of 25 changes"])
    }
}

