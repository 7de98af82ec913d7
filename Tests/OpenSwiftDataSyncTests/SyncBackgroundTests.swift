import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// ``SyncClient/startSyncing(every:delayAfterSave:)``: a long-lived process's client syncs
/// on its own, after the app's saves and on an interval, until stopped.
@Suite struct SyncBackgroundTests {
    /// Waits up to `seconds` for `condition`, checking every 50 ms.
    func eventually(within seconds: Double = 10, _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }

    func fronts(_ device: SyncWorld.Device) throws -> [String] {
        try device.container.all(SyncCard.self).map(\.front).sorted()
    }

    @Test("a client syncing in the background uploads an app's save shortly after it")
    func uploadsAfterSave() async throws {
        let world = try SyncWorld(devices: 2)
        let client = world.devices[0].client
        await client.startSyncing(every: .seconds(3_600), delayAfterSave: .milliseconds(50))
        try world.devices[0].container.edit { $0.insert(SyncCard(front: "saved")) }
        let uploaded = try await eventually {
            try await world.devices[1].client.syncOnce()
            return try fronts(world.devices[1]) == ["saved"]
        }
        await client.stopSyncing()
        #expect(uploaded)
    }

    @Test("a client syncing in the background downloads other devices' changes on its interval")
    func downloadsOnInterval() async throws {
        let world = try SyncWorld(devices: 2)
        let listener = world.devices[1].client
        await listener.startSyncing(every: .milliseconds(100))
        try world.devices[0].container.edit { $0.insert(SyncCard(front: "remote")) }
        try await world.devices[0].client.syncOnce()
        let downloaded = await eventually { (try? fronts(world.devices[1])) == ["remote"] }
        await listener.stopSyncing()
        #expect(downloaded)
    }

    @Test("a stopped client syncs no more")
    func stoppedClientIsIdle() async throws {
        let world = try SyncWorld(devices: 2)
        let listener = world.devices[1].client
        await listener.startSyncing(every: .milliseconds(50))
        _ = await eventually { if case .upToDate = await listener.status { true } else { false } }
        await listener.stopSyncing()
        let running = await listener.isSyncingInBackground
        try world.devices[0].container.edit { $0.insert(SyncCard(front: "later")) }
        try await world.devices[0].client.syncOnce()
        try await Task.sleep(for: .milliseconds(400))
        #expect(!running)
        #expect(try fronts(world.devices[1]).isEmpty)
    }

    /// Passes requests on, counting the syncs by their first download (cursor unchanged since the last).
    final class SyncCountingTransport: SyncTransport, @unchecked Sendable {
        let inner: InProcessSyncTransport
        private let lock = NSLock()
        private var downloads = 0

        init(_ inner: InProcessSyncTransport) { self.inner = inner }

        var downloadCount: Int { lock.withLock { downloads } }

        func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt { try await inner.upload(batch) }

        func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
            lock.withLock { downloads += 1 }
            return try await inner.download(request)
        }
    }

    @Test("the client's own writes do not wake its background loop")
    func ownWritesDoNotWake() async throws {
        let world = try SyncWorld(devices: 2)
        try world.devices[0].container.edit { $0.insert(SyncCard(front: "one")) }
        try await world.devices[0].client.syncOnce()
        let counting = SyncCountingTransport(world.devices[1].transport)
        let listener = try SyncClient(modelContainer: world.devices[1].container, account: world.account, transport: counting,
                                      schemaVersion: "1.0.0")
        await listener.startSyncing(every: .seconds(3_600), delayAfterSave: .milliseconds(20))
        // The first sync applies a download in the client's own saves; none of them may start another.
        try await Task.sleep(for: .milliseconds(500))
        await listener.stopSyncing()
        #expect(counting.downloadCount == 1)
        #expect(try fronts(world.devices[1]) == ["one"])
    }

    @Test("two syncs asked for at once run one after the other and upload each change once")
    func concurrentSyncsSerialised() async throws {
        let world = try SyncWorld(devices: 1)
        try world.devices[0].container.edit { context in
            for index in 0..<50 { context.insert(SyncCard(front: "card \(index)")) }
        }
        let client = world.devices[0].client
        async let first: Void = client.syncOnce()
        async let second: Void = client.syncOnce()
        _ = try await (first, second)
        let log = try await world.server.download(SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0",
                                                                      cursor: 0, limit: 1_000), signedInAs: world.account)
        #expect(log.changes.count == 50)
    }
}
