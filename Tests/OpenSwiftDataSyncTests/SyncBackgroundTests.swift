import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// ``SyncClient/startSyncing(every:delayAfterSave:)``: a long-lived process's client syncs
/// on its own, after the app's saves and on an interval, until stopped.
@Suite struct SyncBackgroundTests {
    /// Waits up to `seconds` for `condition`, checking every 50 ms. Long: the whole test run
    /// shares two cores among some two thousand tests, and the background loop's task waited
    /// more than ten seconds for a thread in one run; a condition that holds returns at once.
    func eventually(within seconds: Double = 600, _ condition: () async throws -> Bool) async rethrows -> Bool {
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

    /// Runs `body` while `client` syncs in the background (`delayAfterSave` nil: the
    /// client's default), and stops the client after it even when `body` throws, so that no
    /// loop outlives its test.
    func whileSyncing<T>(_ client: SyncClient, every interval: Duration, delayAfterSave: Duration? = nil,
                         _ body: () async throws -> T) async rethrows -> T {
        if let delayAfterSave {
            await client.startSyncing(every: interval, delayAfterSave: delayAfterSave)
        } else {
            await client.startSyncing(every: interval)
        }
        do {
            let result = try await body()
            await client.stopSyncing()
            return result
        } catch {
            await client.stopSyncing()
            throw error
        }
    }

    /// An app's save of a card on `device`, then a sync that uploads it.
    func saveAndUpload(_ front: String, on device: SyncWorld.Device) async throws {
        try device.container.edit { $0.insert(SyncCard(front: front)) }
        try await device.client.syncOnce()
    }

    @Test("a client syncing in the background uploads an app's save shortly after it")
    func uploadsAfterSave() async throws {
        let world = try SyncWorld(devices: 2)
        let (saver, reader) = (world.devices[0], world.devices[1])
        let uploaded = try await whileSyncing(saver.client, every: .seconds(3_600), delayAfterSave: .milliseconds(50)) {
            try saver.container.edit { $0.insert(SyncCard(front: "saved")) }
            return try await eventually {
                try await reader.client.syncOnce()
                return try fronts(reader) == ["saved"]
            }
        }
        #expect(uploaded)
    }

    @Test("a client syncing in the background downloads other devices' changes on its interval")
    func downloadsOnInterval() async throws {
        let world = try SyncWorld(devices: 2)
        let (saver, listener) = (world.devices[0], world.devices[1])
        let downloaded = try await whileSyncing(listener.client, every: .milliseconds(100)) {
            try await saveAndUpload("remote", on: saver)
            return await eventually { (try? fronts(listener)) == ["remote"] }
        }
        #expect(downloaded)
    }

    @Test("a stopped client syncs no more")
    func stoppedClientIsIdle() async throws {
        let world = try SyncWorld(devices: 2)
        let (saver, listener) = (world.devices[0], world.devices[1])
        await whileSyncing(listener.client, every: .milliseconds(50)) {
            _ = await eventually { if case .upToDate = await listener.client.status { true } else { false } }
        }
        let running = await listener.client.isSyncingInBackground
        try await saveAndUpload("later", on: saver)
        try await Task.sleep(for: .milliseconds(400))
        #expect(!running)
        #expect(try fronts(listener).isEmpty)
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
        try await saveAndUpload("one", on: world.devices[0])
        let counting = SyncCountingTransport(world.devices[1].transport)
        let listener = try SyncClient(modelContainer: world.devices[1].container, account: world.account, transport: counting,
                                      schemaVersion: "1.0.0")
        // The first sync applies a download in the client's own saves; none of them may start another.
        try await whileSyncing(listener, every: .seconds(3_600), delayAfterSave: .milliseconds(20)) {
            try await Task.sleep(for: .milliseconds(500))
        }
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
