import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// The client: what it uploads, what it does not, and the state it reports.
@Suite struct SyncClientTests {
    func logCount(_ world: SyncWorld) async throws -> Int {
        try await world.server.download(SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0",
                                                            cursor: 0, limit: 10_000), signedInAs: world.account).changes.count
    }

    @Test("a model inserted on one device reaches another with its values and relationships")
    func insertReachesOtherDevice() async throws {
        let world = try SyncWorld(devices: 2)
        try world.devices[0].container.edit { context in
            let deck = SyncDeck(title: "Spanish")
            context.insert(deck)
            deck.cards = [SyncCard(front: "hola", score: 3), SyncCard(front: "adiós")]
        }
        try await world.syncAll()
        let deck = try #require(try world.devices[1].container.all(SyncDeck.self).first)
        #expect(deck.title == "Spanish")
        #expect(deck.cards.map(\.front) == ["hola", "adiós"])
        #expect(deck.cards.first?.score == 3)
    }

    @Test("a store that synced one account refuses to sync another, naming both, and uploads nothing")
    func storeKeepsItsAccount() async throws {
        let world = try SyncWorld(devices: 1)
        let device = world.devices[0]
        try device.container.edit { context in context.insert(SyncDeck(title: "alice's")) }
        try await device.client.syncOnce()
        let bob = try SyncClient(modelContainer: device.container, account: "bob",
                                 transport: InProcessSyncTransport(server: world.server, signedInAs: "bob"), schemaVersion: "1.0.0")
        await #expect {
            try await bob.syncOnce()
        } throws: { error in
            let words = String(describing: error)
            return words.contains("account \"alice\", not \"bob\"") && words.contains("a store of its own")
        }
        let bobsLog = try await world.server.download(SyncDownloadRequest(account: "bob", device: UUID(), schemaVersion: "1.0.0",
                                                                         cursor: 0, limit: 10), signedInAs: "bob")
        #expect(bobsLog.changes.isEmpty)
    }

    @Test("changes a device applied from the server are not uploaded back")
    func remoteChangesNotPushedBack() async throws {
        let world = try SyncWorld(devices: 2)
        try world.devices[0].container.edit { context in
            context.insert(SyncDeck(title: "one"))
            context.insert(SyncTag(name: "t"))
        }
        try await world.devices[0].client.syncOnce()
        let afterUpload = try await logCount(world)
        try await world.devices[1].client.syncOnce()
        try await world.devices[1].client.syncOnce()
        #expect(try world.devices[1].container.all(SyncDeck.self).map(\.title) == ["one"])
        #expect(afterUpload == 2)
        #expect(try await logCount(world) == afterUpload)
    }

    @Test("the status is offline while the server cannot be reached, local saves are kept, and up to date once sent")
    func offlineThenUpToDate() async throws {
        let world = try SyncWorld(devices: 2)
        let device = world.devices[0]
        device.transport.isReachable = false
        try device.container.edit { $0.insert(SyncCard(front: "made offline")) }
        await #expect(throws: SyncError.self) { try await device.client.syncOnce() }
        guard case .offline = await device.client.status else {
            Issue.record("status is \(await device.client.status), not offline")
            return
        }
        device.transport.isReachable = true
        try await world.syncAll()
        guard case .upToDate = await device.client.status else {
            Issue.record("status is \(await device.client.status), not up to date")
            return
        }
        #expect(try world.devices[1].container.all(SyncCard.self).map(\.front) == ["made offline"])
    }

    @Test("a batch whose reply was lost is sent again with the same ID and recorded once")
    func lostReplyResentOnce() async throws {
        let world = try SyncWorld(devices: 2)
        let device = world.devices[0]
        try device.container.edit { $0.insert(SyncCard(front: "once")) }
        // The batch reaches the server, but the device never hears back.
        let lossy = LosingTransport(inner: device.transport)
        let client = try SyncClient(modelContainer: device.container, account: world.account, transport: lossy, schemaVersion: "1.0.0")
        await #expect(throws: SyncError.self) { try await client.syncOnce() }
        #expect(try await logCount(world) == 1)
        try await device.client.syncOnce()
        #expect(try await logCount(world) == 1)
        try await world.syncAll()
        #expect(try world.devices[1].container.all(SyncCard.self).map(\.front) == ["once"])
    }

    @Test("status updates report preparing, then up to date")
    func statusUpdates() async throws {
        let world = try SyncWorld(devices: 1)
        let client = world.devices[0].client
        let updates = await client.statusUpdates()
        try await client.syncOnce()
        var seen: [SyncStatus] = []
        for await status in updates {
            seen.append(status)
            if case .upToDate = status { break }
        }
        #expect(seen.first == .idle)
        #expect(seen.dropFirst().first == .syncing(SyncProgress(phase: .preparing)))
    }

    @Test("a client for a container without the sync models is refused, saying what to add")
    func missingBookkeepingRefused() throws {
        let stores = try TemporaryStores()
        let container = try stores.container("plain", syncTestModels)
        let server = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: "1")
        #expect(throws: SyncError.self) {
            try SyncClient(modelContainer: container, account: "a", transport: InProcessSyncTransport(server: server, signedInAs: "a"))
        }
    }
}

/// Passes uploads on to the server but loses their replies.
struct LosingTransport: SyncTransport {
    let inner: InProcessSyncTransport

    func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
        _ = try await inner.upload(batch)
        throw SyncError.unreachable("the reply was lost")
    }

    func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
        try await inner.download(request)
    }
}

/// Runs a step of the app's once, between a sync's upload and its download.
final class BetweenUploadAndDownload: SyncTransport, @unchecked Sendable {
    let inner: InProcessSyncTransport
    private var step: (() throws -> Void)?

    init(inner: InProcessSyncTransport, step: @escaping () throws -> Void) {
        self.inner = inner
        self.step = step
    }

    func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt { try await inner.upload(batch) }

    func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
        if let step {
            self.step = nil
            try step()
        }
        return try await inner.download(request)
    }
}

@Suite struct SyncClientConcurrentSaveTests {
    @Test("a save made while a sync runs, after its upload, is not overwritten by an earlier remote write")
    func saveDuringSyncKept() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncCard(front: "q")) }
        try await world.syncAll()
        try b.container.edit { try #require(try $0.fetch(FetchDescriptor<SyncCard>()).first).front = "earlier, on B" }
        try await b.client.syncOnce()
        try await Task.sleep(for: .milliseconds(5))
        let hooked = BetweenUploadAndDownload(inner: a.transport) {
            try a.container.edit { try #require(try $0.fetch(FetchDescriptor<SyncCard>()).first).front = "later, on A" }
        }
        let client = try SyncClient(modelContainer: a.container, account: world.account, transport: hooked, schemaVersion: "1.0.0")
        try await client.syncOnce()
        #expect(try a.container.all(SyncCard.self).map(\.front) == ["later, on A"])
        try await world.syncAll()
        for device in world.devices {
            #expect(try device.container.all(SyncCard.self).map(\.front) == ["later, on A"])
        }
    }

    @Test("a downloaded insert without an attribute every model of its entity has stops the sync in words, not with a trap")
    func anInsertWithoutARequiredAttributeIsRefusedInWords() async throws {
        // A server not given the app's schema takes the insert, as one made before the check would have.
        let world = try SyncWorld(devices: 1, serverChecksSchema: false)
        let node = UUID()
        let clock = HLCTimestamp(milliseconds: 1_700_000_000_000, counter: 0, node: node)
        // Only `score`: `front` has no default, so the model made from it could not be saved.
        let insert = SyncChange(entityName: "SyncCard", syncID: UUID(), kind: .insert, values: ["score": SyncStampedValue(.integer(3), at: clock)])
        _ = try await world.server.upload(SyncUploadBatch(account: world.account, device: node, schemaVersion: "1.0.0", changes: [insert]),
                                          signedInAs: world.account)
        let refused = await #expect(throws: SyncError.self) { try await world.devices[0].client.syncOnce() }
        #expect(refused.map { if case .invalidChange = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("without its front") == true, "\(String(describing: refused))")
        #expect(try world.devices[0].container.all(SyncCard.self).isEmpty)
    }
}

@Suite struct SyncClientInterruptionTests {
    @Test("a model a killed download made but never recorded is removed, and the download applied again makes it once")
    func interruptedDownloadMadeOnce() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncCard(front: "one", score: 1)) }
        try await a.client.syncOnce()
        // What the first of a download's two saves leaves when the process is killed
        // before the second: the model, saved by the client's author, with no record.
        let orphan = ModelContext(b.container)
        orphan.author = "sync"
        orphan.insert(SyncCard(front: "one", score: 1))
        try orphan.save()
        try await b.client.syncOnce()
        #expect(try b.container.all(SyncCard.self).count == 1)
        #expect(try await b.client.currentState() == world.serverState())
        try await world.syncAll()
        #expect(try await world.serverState().count == 1)
    }
}
