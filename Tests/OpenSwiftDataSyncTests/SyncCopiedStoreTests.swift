import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A store that is a copy of a synced store (put back from a backup by `cp` or a
/// file-system snapshot, or a second copy syncing as the same device) finds itself at its
/// next sync from the server's count of the device's uploads, and continues as a new
/// device: the server does not send a device what that device uploaded.
@Suite struct SyncCopiedStoreTests {
    /// A copy of the device's idle store file (and its log), made now.
    func copyStore(of device: SyncWorld.Device, in world: SyncWorld, named name: String) throws -> ModelContainer {
        let url = try #require(device.container.configurations.first?.url)
        let copy = world.stores.directory.appendingPathComponent("\(name).store")
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            try FileManager.default.copyItem(atPath: url.path + suffix, toPath: copy.path + suffix)
        }
        return try ModelContainer(for: Schema(syncTestModels + SyncClient.models), configurations: [ModelConfiguration(url: copy)])
    }

    func client(of container: ModelContainer, in world: SyncWorld, changesPerUpload: Int = 5_000) throws -> SyncClient {
        try SyncClient(modelContainer: container, account: world.account, transport: world.devices[0].transport,
                       schemaVersion: "1.0.0", changesPerUpload: changesPerUpload)
    }

    func checkpoint(_ container: ModelContainer) throws -> SyncCheckpoint? {
        try ModelContext(container).fetch(FetchDescriptor<SyncCheckpoint>()).first
    }

    /// Two devices; a copy of the first's store made after its first sync ("before the
    /// copy"), which it follows with another ("after the copy").
    func worldWithACopyMadeBeforeTheLastSync() async throws -> (world: SyncWorld, copy: ModelContainer) {
        let world = try SyncWorld(devices: 2)
        let laptop = world.devices[0]
        try laptop.container.edit { $0.insert(SyncCard(front: "before the copy", score: 1)) }
        try await laptop.client.syncOnce()
        let copy = try copyStore(of: laptop, in: world, named: "put-back")
        try laptop.container.edit { $0.insert(SyncCard(front: "after the copy", score: 2)) }
        try await laptop.client.syncOnce()
        return (world, copy)
    }

    @Test("a store put back from a copy made before its last sync gets back, unasked, what it uploaded after the copy")
    func aStorePutBackFromACopyGetsBackUnaskedWhatItUploadedAfterTheCopy() async throws {
        let (world, putBack) = try await worldWithACopyMadeBeforeTheLastSync()
        let phone = world.devices[1]
        try phone.container.edit { $0.insert(SyncCard(front: "the phone's", score: 3)) }
        try await phone.client.syncOnce()

        let client = try client(of: putBack, in: world)
        try await client.syncOnce()
        #expect(try putBack.all(SyncCard.self).map(\.front).sorted() == ["after the copy", "before the copy", "the phone's"])
        #expect(await client.lastContinuedAsNewDevice != nil)
        #expect(try await client.currentState() == world.serverState())
    }

    @Test("a store put back from a copy, with changes of its own, uploads them and gets back what it uploaded after the copy")
    func aStorePutBackFromACopyWithChangesOfItsOwnUploadsThemAndGetsBackWhatItUploadedAfterTheCopy() async throws {
        let (world, putBack) = try await worldWithACopyMadeBeforeTheLastSync()
        let phone = world.devices[1]
        try putBack.edit { $0.insert(SyncCard(front: "the copy's own", score: 4)) }

        let client = try client(of: putBack, in: world)
        try await client.syncOnce()
        try await phone.client.syncOnce()
        let everyCard = ["after the copy", "before the copy", "the copy's own"]
        #expect(try putBack.all(SyncCard.self).map(\.front).sorted() == everyCard)
        #expect(try phone.container.all(SyncCard.self).map(\.front).sorted() == everyCard)
        #expect(await client.lastContinuedAsNewDevice != nil)
    }

    @Test("two copies of one store syncing as one device each get the other's changes")
    func twoCopiesOfOneStoreSyncingAsOneDeviceEachGetTheOthersChanges() async throws {
        let world = try SyncWorld(devices: 1)
        let original = world.devices[0]
        try original.container.edit { $0.insert(SyncCard(front: "shared", score: 1)) }
        try await original.client.syncOnce()
        let clone = try copyStore(of: original, in: world, named: "clone")
        let cloneClient = try client(of: clone, in: world)

        try original.container.edit { $0.insert(SyncCard(front: "the original's", score: 2)) }
        try clone.edit { $0.insert(SyncCard(front: "the clone's", score: 3)) }
        for _ in 0..<2 {
            try await original.client.syncOnce()
            try await cloneClient.syncOnce()
        }
        let everyCard = ["shared", "the clone's", "the original's"]
        #expect(try original.container.all(SyncCard.self).map(\.front).sorted() == everyCard)
        #expect(try clone.all(SyncCard.self).map(\.front).sorted() == everyCard)
        #expect(try checkpoint(original.container)?.device != checkpoint(clone)?.device)
    }

    @Test("a store that syncs on, uploading in parts, keeps its device ID")
    func aStoreThatSyncsOnUploadingInPartsKeepsItsDeviceID() async throws {
        let world = try SyncWorld(devices: 2)
        let laptop = world.devices[0]
        let client = try client(of: laptop.container, in: world, changesPerUpload: 2)
        try laptop.container.edit { $0.insert(SyncCard(front: "first", score: 1)) }
        try await client.syncOnce()
        let device = try #require(try checkpoint(laptop.container)?.device)
        for round in 0..<3 {
            try laptop.container.edit { context in
                for index in 0..<5 { context.insert(SyncCard(front: "round \(round) card \(index)", score: index)) }
            }
            try await client.syncOnce()
            try world.devices[1].container.edit { $0.insert(SyncCard(front: "phone \(round)", score: round)) }
            try await world.devices[1].client.syncOnce()
        }
        try await client.syncOnce()
        #expect(try checkpoint(laptop.container)?.device == device)
        #expect(await client.lastContinuedAsNewDevice == nil)
        #expect(try checkpoint(laptop.container)?.acknowledgedUploads == 10)
    }

    @Test("a batch whose answer was lost, sent again, leaves the store its device ID")
    func aBatchWhoseAnswerWasLostSentAgainLeavesTheStoreItsDeviceID() async throws {
        let world = try SyncWorld(devices: 1)
        let laptop = world.devices[0]
        let network = DroppingTransport(laptop.transport)
        let client = try SyncClient(modelContainer: laptop.container, account: world.account, transport: network, schemaVersion: "1.0.0")
        try laptop.container.edit { $0.insert(SyncCard(front: "first", score: 1)) }
        try await client.syncOnce()
        let device = try #require(try checkpoint(laptop.container)?.device)
        try laptop.container.edit { $0.insert(SyncCard(front: "answer lost", score: 2)) }
        network.plan(uploads: [.deliverThenDrop])
        await #expect(throws: SyncError.self) { try await client.syncOnce() }

        try await client.syncOnce()
        #expect(network.uploads.last?.receipt?.wasDuplicate == true, "\(network.uploads)")
        #expect(try checkpoint(laptop.container)?.device == device)
        #expect(await client.lastContinuedAsNewDevice == nil)
    }

    @Test("a store that synced before uploads were counted takes the server's count and keeps its device ID")
    func aStoreThatSyncedBeforeUploadsWereCountedTakesTheServersCount() async throws {
        let world = try SyncWorld(devices: 1)
        let laptop = world.devices[0]
        for round in 0..<2 {
            try laptop.container.edit { $0.insert(SyncCard(front: "card \(round)", score: round)) }
            try await laptop.client.syncOnce()
        }
        let device = try #require(try checkpoint(laptop.container)?.device)
        try laptop.container.edit { context in
            try context.fetch(FetchDescriptor<SyncCheckpoint>()).first?.acknowledgedUploads = nil
        }

        let client = try client(of: laptop.container, in: world)
        try await client.syncOnce()
        #expect(try checkpoint(laptop.container)?.device == device)
        #expect(try checkpoint(laptop.container)?.acknowledgedUploads == 2)
        #expect(await client.lastContinuedAsNewDevice == nil)
    }
}

/// A store put back from a copy (and continued as a new device) while a sync of it runs.
@Suite struct SyncRestoreDuringSyncTests {
    /// Runs `action` once, when the first download request is sent.
    final class DownloadHook: SyncTransport, @unchecked Sendable {
        let inner: InProcessSyncTransport
        private let lock = NSLock()
        private var action: (() throws -> Void)?

        init(_ inner: InProcessSyncTransport, action: @escaping () throws -> Void) {
            self.inner = inner
            self.action = action
        }

        func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt { try await inner.upload(batch) }

        func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
            let pending = lock.withLock { () -> (() throws -> Void)? in
                defer { action = nil }
                return action
            }
            try pending?()
            return try await inner.download(request)
        }
    }

    @Test func aStoreContinuedAsANewDeviceDuringASyncIsNotGivenTheOldDevicesDownloadPosition() async throws {
        let world = try SyncWorld(devices: 2)
        let laptop = world.devices[0], phone = world.devices[1]
        try laptop.container.edit { $0.insert(SyncCard(front: "the laptop's", score: 1)) }
        try await laptop.client.syncOnce()
        try phone.container.edit { $0.insert(SyncCard(front: "the phone's", score: 2)) }
        try await phone.client.syncOnce()
        let hook = DownloadHook(laptop.transport) { try SyncClient.continueAsNewDevice(laptop.container) }
        let client = try SyncClient(modelContainer: laptop.container, account: world.account, transport: hook, schemaVersion: "1.0.0")

        await #expect(throws: SyncError.self) { try await client.syncOnce() }
        #expect(try laptop.container.all(SyncCheckpoint.self).first?.cursor == 0)
        try await client.syncOnce()
        #expect(try await client.currentState() == world.serverState())
    }
}
