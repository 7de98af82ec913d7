import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A connection that drops in the middle of a sync: an upload whose answer is lost, an
/// upload that never left, a download cut off after some of its pages. Nothing is lost,
/// nothing is recorded twice, and the next sync picks up where the last one stopped.
@Suite struct SyncResumeTests {
    /// The account's whole log on the server.
    func serverLog(_ world: SyncWorld) async throws -> [SyncChange] {
        try await world.server.download(SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0",
                                                            cursor: 0, limit: 100_000), signedInAs: world.account).changes
    }

    /// The account's log on the server up to the cursor `last`, read a change at a time.
    func serverLog(_ world: SyncWorld, through last: Int64) async throws -> [SyncChange] {
        var changes: [SyncChange] = []
        var cursor: Int64 = 0
        while cursor < last {
            let page = try await world.server.download(SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0",
                                                                           cursor: cursor, limit: 1), signedInAs: world.account)
            guard page.cursor > cursor else { break }
            changes += page.changes
            cursor = page.cursor
        }
        return changes
    }

    /// The device's checkpoint: where its downloads stand and the batch it waits to have acknowledged.
    func checkpoint(_ container: ModelContainer) throws -> SyncCheckpoint? {
        try ModelContext(container).fetch(FetchDescriptor<SyncCheckpoint>()).first
    }

    /// Models inserted into the log more than once (by sync ID): a batch recorded twice.
    func insertedTwice(_ log: [SyncChange]) -> [UUID] {
        Dictionary(grouping: log.filter { $0.kind == .insert }, by: \.syncID).filter { $0.value.count > 1 }.map(\.key)
    }

    func isOffline(_ status: SyncStatus) -> Bool {
        if case .offline = status { return true }
        return false
    }

    func isUpToDate(_ status: SyncStatus) -> Bool {
        if case .upToDate = status { return true }
        return false
    }

    /// A client of `device`'s store whose requests go through a network the test makes fail.
    func clientOnDroppingNetwork(_ world: SyncWorld, _ device: SyncWorld.Device,
                                 pageSize: Int = 500) throws -> (client: SyncClient, network: DroppingTransport) {
        let network = DroppingTransport(device.transport)
        let client = try SyncClient(modelContainer: device.container, account: world.account, transport: network,
                                    schemaVersion: "1.0.0", pageSize: pageSize)
        return (client, network)
    }

    /// One device that saved `count` cards ("card 0" scored 0, and on) and synced them:
    /// a log for another device to download.
    func worldWithSyncedCards(_ count: Int) async throws -> SyncWorld {
        let world = try SyncWorld(devices: 1)
        try world.devices[0].container.edit { context in
            for index in 0..<count { context.insert(SyncCard(front: "card \(index)", score: index)) }
        }
        try await world.devices[0].client.syncOnce()
        return world
    }

    @Test func aBatchWhoseAnswerWasLostIsSentAgainAtTheNextSyncAndRecordedOnce() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        let (client, network) = try clientOnDroppingNetwork(world, a)
        try a.container.edit { context in
            for front in ["uno", "dos", "tres"] { context.insert(SyncCard(front: front)) }
        }

        network.plan(uploads: [.deliverThenDrop])
        await #expect(throws: SyncError.self) { try await client.syncOnce() }
        let offline = await client.status
        #expect(isOffline(offline), "status after the lost answer: \(offline)")
        // The server has the batch; the device does not know it and keeps it pending.
        let afterDrop = try await serverLog(world)
        #expect(afterDrop.count == 3)
        #expect(try checkpoint(a.container)?.pendingBatch != nil)

        try await client.syncOnce()
        let status = await client.status
        #expect(isUpToDate(status), "status after the next sync: \(status)")
        let uploads = network.uploads
        #expect(uploads.count == 2, "\(uploads)")
        #expect(uploads.map(\.batchID).uniqued().count == 1, "the batch is sent again with its ID: \(uploads)")
        #expect(uploads.last?.receipt?.wasDuplicate == true, "\(uploads)")
        #expect(try checkpoint(a.container)?.pendingBatch == nil)

        let log = try await serverLog(world)
        #expect(log.count == 3, "\(log.map(\.kind))")
        #expect(insertedTwice(log).isEmpty)
        let deviceState = try await client.currentState()
        let serverState = try await world.serverState()
        #expect(deviceState == serverState)
        try await b.client.syncOnce()
        #expect(try b.container.all(SyncCard.self).map(\.front).sorted() == ["dos", "tres", "uno"])
    }

    @Test func aBatchDroppedBeforeItLeftIsSentAtTheNextSyncWithTheSameID() async throws {
        let world = try SyncWorld(devices: 1)
        let a = world.devices[0]
        let (client, network) = try clientOnDroppingNetwork(world, a)
        try a.container.edit { $0.insert(SyncCard(front: "never left")) }

        network.plan(uploads: [.dropBeforeDelivering])
        await #expect(throws: SyncError.self) { try await client.syncOnce() }
        let offline = await client.status
        #expect(isOffline(offline), "\(offline)")
        let before = try await serverLog(world)
        #expect(before.isEmpty)

        try await client.syncOnce()
        let uploads = network.uploads
        #expect(uploads.map(\.delivered) == [false, true], "\(uploads)")
        #expect(uploads.map(\.batchID).uniqued().count == 1, "\(uploads)")
        #expect(uploads.last?.receipt?.wasDuplicate == false, "\(uploads)")
        let log = try await serverLog(world)
        #expect(log.map(\.kind) == [.insert])
        let deviceState = try await client.currentState()
        let serverState = try await world.serverState()
        #expect(deviceState == serverState)
    }

    @Test func savesMadeWhileOfflineAfterALostAnswerAreUploadedOnceTheConnectionIsBack() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        let (client, network) = try clientOnDroppingNetwork(world, a)
        try a.container.edit { context in
            for (front, score) in [("keep", 1), ("change", 2), ("remove", 3)] { context.insert(SyncCard(front: front, score: score)) }
        }
        network.plan(uploads: [.deliverThenDrop])
        await #expect(throws: SyncError.self) { try await client.syncOnce() }

        // Offline now: the app goes on saving, and a sync in between cannot reach the server.
        try a.container.edit { context in
            let cards = try context.fetch(FetchDescriptor<SyncCard>())
            try #require(cards.first { $0.front == "change" }).score = 20
            context.delete(try #require(cards.first { $0.front == "remove" }))
            context.insert(SyncCard(front: "made offline", score: 4))
        }
        network.plan(uploads: [.dropBeforeDelivering])
        await #expect(throws: SyncError.self) { try await client.syncOnce() }
        let offline = await client.status
        #expect(isOffline(offline), "\(offline)")
        try a.container.edit { $0.insert(SyncCard(front: "made offline later", score: 5)) }

        try await client.syncOnce()
        let status = await client.status
        #expect(isUpToDate(status), "\(status)")
        // The first batch went twice (the second time a duplicate), the dropped one once
        // undelivered, then the saves made offline in a batch of their own.
        let uploads = network.uploads
        #expect(uploads.map(\.delivered) == [true, false, true, true], "\(uploads)")
        #expect(uploads[0].batchID == uploads[1].batchID && uploads[1].batchID == uploads[2].batchID, "\(uploads)")
        #expect(uploads[2].receipt?.wasDuplicate == true)
        #expect(uploads[3].receipt?.wasDuplicate == false)

        let log = try await serverLog(world)
        #expect(insertedTwice(log).isEmpty, "\(log.map(\.kind))")
        #expect(log.filter { $0.kind == .insert }.count == 5)
        let deviceState = try await client.currentState()
        let serverState = try await world.serverState()
        #expect(deviceState == serverState)
        try await b.client.syncOnce()
        let cards = try b.container.all(SyncCard.self).map { "\($0.front) \($0.score)" }.sorted()
        #expect(cards == ["change 20", "keep 1", "made offline 4", "made offline later 5"])
    }

    @Test func aDownloadDroppedAfterSomePagesResumesFromTheLastAppliedPage() async throws {
        let world = try await worldWithSyncedCards(23)
        let a = world.devices[0]
        try a.container.edit { context in
            let cards = try context.fetch(FetchDescriptor<SyncCard>())
            for card in cards where card.score % 5 == 0 { card.score += 100 }
            for card in cards where card.score % 7 == 3 { context.delete(card) }
        }
        try await a.client.syncOnce()
        let log = try await serverLog(world)
        #expect(log.count > 20)

        // A second device, five changes a page: the connection drops after two pages.
        let b = try world.makeDevice(1, pageSize: 5)
        let (client, network) = try clientOnDroppingNetwork(world, b, pageSize: 5)
        try b.container.edit { $0.insert(SyncCard(front: "b's own", score: 7)) }
        network.dropDownload(afterPages: 2)
        await #expect(throws: SyncError.self) { try await client.syncOnce() }
        let offline = await client.status
        #expect(isOffline(offline), "\(offline)")
        let pages = network.downloads.filter(\.delivered)
        #expect(pages.count == 2, "\(network.downloads)")

        // What the device applied is whole pages: it stands at the start or at the end of a
        // delivered page, and holds exactly the models the log made up to there.
        let stop = try #require(try checkpoint(b.container)).cursor
        #expect(([0] + pages.compactMap(\.pageCursor)).contains(stop), "cursor \(stop) after pages \(pages)")
        let applied = try await serverLog(world, through: stop)
        let madeUpToStop = Set(applied.filter { $0.kind == .insert }.map(\.syncID))
            .subtracting(applied.filter { $0.kind == .delete }.map(\.syncID))
        let bStateAtStop = try await client.currentState()
        #expect(bStateAtStop.count == madeUpToStop.count + 1, "the device's own card and the models of the applied pages")

        // Offline, the device goes on saving.
        try b.container.edit { $0.insert(SyncCard(front: "b, made offline", score: 8)) }

        let requestsBefore = network.downloads.count
        try await client.syncOnce()
        let status = await client.status
        #expect(isUpToDate(status), "\(status)")
        let resumed = try #require(network.downloads.dropFirst(requestsBefore).first)
        #expect(resumed.cursor == stop, "the next sync asks for the changes after the last applied page")

        let deviceState = try await client.currentState()
        let serverState = try await world.serverState()
        #expect(deviceState == serverState)
        let fronts = try b.container.all(SyncCard.self).map(\.front)
        #expect(fronts.count == Set(fronts).count, "no card twice: \(fronts.sorted())")
        #expect(fronts.contains("b's own") && fronts.contains("b, made offline"))
        let serverLogNow = try await serverLog(world)
        #expect(insertedTwice(serverLogNow).isEmpty)

        // The first device gets the second's cards, made before and after the drop.
        try await a.client.syncOnce()
        let aState = try await a.client.currentState()
        #expect(aState == serverState)
    }

    @Test func aDownloadDroppedOnEverySyncStillEndsInStepOnceTheConnectionHolds() async throws {
        let world = try await worldWithSyncedCards(30)
        let a = world.devices[0]
        let b = try world.makeDevice(1, pageSize: 4)
        let (client, network) = try clientOnDroppingNetwork(world, b, pageSize: 4)
        // Three syncs in a row lose the connection after one, two and three pages.
        for pages in 1...3 {
            network.dropDownload(afterPages: pages)
            await #expect(throws: SyncError.self) { try await client.syncOnce() }
            try a.container.edit { $0.insert(SyncCard(front: "added while b struggles \(pages)", score: 100 + pages)) }
            try await a.client.syncOnce()
        }
        try await client.syncOnce()
        let deviceState = try await client.currentState()
        let serverState = try await world.serverState()
        #expect(deviceState == serverState)
        #expect(serverState.count == 33)
        let fronts = try b.container.all(SyncCard.self).map(\.front)
        #expect(fronts.count == 33 && Set(fronts).count == 33)
    }
}

/// A network between a device and an in-process server that fails as a test plans:
/// an upload delivered whose answer is lost, an upload dropped before it leaves, a
/// download cut off after some pages. Each failure throws ``SyncError/unreachable(_:)``,
/// as a dropped connection does; what was sent and what came back is noted.
final class DroppingTransport: SyncTransport, @unchecked Sendable {
    enum UploadFate: Sendable {
        /// The server gets the batch and answers; the answer never arrives.
        case deliverThenDrop
        /// The connection drops before the batch reaches the server.
        case dropBeforeDelivering
    }

    struct Upload: Sendable, CustomStringConvertible {
        var batchID: UUID
        var delivered: Bool
        var receipt: SyncUploadReceipt?
        var description: String {
            "\(batchID.uuidString.prefix(8)) \(delivered ? "delivered" : "dropped")\(receipt.map { $0.wasDuplicate ? " (duplicate)" : " (new)" } ?? "")"
        }
    }

    struct Download: Sendable, CustomStringConvertible {
        var cursor: Int64
        var delivered: Bool
        /// The cursor of the page delivered.
        var pageCursor: Int64?
        var description: String { "after \(cursor): \(delivered ? "page to \(pageCursor ?? -1)" : "dropped")" }
    }

    let inner: InProcessSyncTransport
    private let lock = NSLock()
    private var uploadFates: [UploadFate] = []
    private var pagesBeforeDrop: Int?
    private var uploadLog: [Upload] = []
    private var downloadLog: [Download] = []

    init(_ inner: InProcessSyncTransport) { self.inner = inner }

    /// What befalls the next uploads, in order; those after them are delivered.
    func plan(uploads fates: [UploadFate]) { lock.withLock { uploadFates = fates } }

    /// Delivers `pages` more download pages, then drops the next request (once).
    func dropDownload(afterPages pages: Int) { lock.withLock { pagesBeforeDrop = pages } }

    var uploads: [Upload] { lock.withLock { uploadLog } }
    var downloads: [Download] { lock.withLock { downloadLog } }

    func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
        let fate = lock.withLock { uploadFates.isEmpty ? nil : uploadFates.removeFirst() }
        if fate == .dropBeforeDelivering {
            lock.withLock { uploadLog.append(Upload(batchID: batch.id, delivered: false)) }
            throw SyncError.unreachable("the connection dropped before the batch was sent")
        }
        let receipt = try await inner.upload(batch)
        lock.withLock { uploadLog.append(Upload(batchID: batch.id, delivered: true, receipt: fate == nil ? receipt : nil)) }
        if fate == .deliverThenDrop { throw SyncError.unreachable("the connection dropped before the server's answer arrived") }
        return receipt
    }

    func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
        let drop = lock.withLock { () -> Bool in
            guard let pages = pagesBeforeDrop else { return false }
            if pages > 0 {
                pagesBeforeDrop = pages - 1
                return false
            }
            pagesBeforeDrop = nil
            return true
        }
        if drop {
            lock.withLock { downloadLog.append(Download(cursor: request.cursor, delivered: false)) }
            throw SyncError.unreachable("the connection dropped in the middle of the download")
        }
        let page = try await inner.download(request)
        lock.withLock { downloadLog.append(Download(cursor: request.cursor, delivered: true, pageCursor: page.cursor)) }
        return page
    }
}

extension Sequence where Element: Hashable {
    /// The elements, each once, in their first order.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
