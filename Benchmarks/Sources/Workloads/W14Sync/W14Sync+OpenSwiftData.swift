import Foundation
import OpenSwiftData
import OpenSwiftDataSync

/// W14's card as an OpenSwiftData model, its key unique (sync's unique key too).
@Model
public final class TradingCardModel {
    @Attribute(.unique) public var key: String
    public var name: String
    public var setName: String
    public var number: Int
    public var price: Double
    public var quantity: Int

    public init(_ card: TradingCard) {
        self.key = card.key
        self.name = card.name
        self.setName = card.setName
        self.number = card.number
        self.price = card.price
        self.quantity = card.quantity
    }

    public var card: TradingCard {
        TradingCard(key: key, name: name, setName: setName, number: number, price: price, quantity: quantity)
    }
}

/// Two devices and a server, each a store file of its own in the iteration's directory,
/// as an app (devices: the card model and the sync client's notes, history on) and
/// `cardshow-server` (the server's models, default configuration) open them.
struct OpenSwiftDataSyncWorld: W14SyncWorld {
    let deviceA: ModelContainer
    let deviceB: ModelContainer
    let clientA: SyncClient
    let clientB: SyncClient
    let transportA: WireCountingTransport
    let transportB: WireCountingTransport

    init(_ directory: URL) throws {
        let deviceModels: [any PersistentModel.Type] = [TradingCardModel.self] + SyncClient.models
        deviceA = try OpenSwiftDataStore.container(deviceModels, at: directory.appendingPathComponent("device-a.store"), recordsHistory: true)
        deviceB = try OpenSwiftDataStore.container(deviceModels, at: directory.appendingPathComponent("device-b.store"), recordsHistory: true)
        let serverContainer = try OpenSwiftDataStore.container(SyncServer.models, at: directory.appendingPathComponent("server.store"),
                                                               recordsHistory: true)
        let server = try SyncServer(modelContainer: serverContainer, schemaVersion: W14Sync.schemaVersion)
        transportA = WireCountingTransport(InProcessSyncTransport(server: server, signedInAs: W14Sync.account))
        transportB = WireCountingTransport(InProcessSyncTransport(server: server, signedInAs: W14Sync.account))
        clientA = try SyncClient(modelContainer: deviceA, account: W14Sync.account, transport: transportA,
                                 schemaVersion: W14Sync.schemaVersion, pageSize: W14Sync.pageSize)
        clientB = try SyncClient(modelContainer: deviceB, account: W14Sync.account, transport: transportB,
                                 schemaVersion: W14Sync.schemaVersion, pageSize: W14Sync.pageSize)
    }

    /// One save of `cards` on device A, as the app makes it.
    func saveOnA(_ cards: [TradingCard]) throws {
        let context = ModelContext(deviceA)
        for card in cards { context.insert(TradingCardModel(card)) }
        try context.save()
    }

    /// One save on device A of the incremental sync's next round of changes.
    func saveRoundOnA() throws {
        let context = ModelContext(deviceA)
        // The rounds' inserts are numbered from `count` and never deleted.
        let count = W14Sync.count
        let inserted = try context.fetchCount(FetchDescriptor<TradingCardModel>(predicate: #Predicate { $0.number >= count }))
        let round = W14Sync.Round(W14Sync.Round.number(insertedSoFar: inserted))

        let (updateFrom, updateTo) = (round.updates.lowerBound, round.updates.upperBound)
        let updated = try context.fetch(FetchDescriptor<TradingCardModel>(
            predicate: #Predicate { $0.number >= updateFrom && $0.number < updateTo }))
        try checkEqual(updated.count, W14Sync.updatesPerRound, "W14 OpenSwiftData: cards to update")
        for card in updated {
            card.price = W14Sync.updatedPrice(card.price)
            card.quantity += 1
        }
        let (deleteFrom, deleteTo) = (round.deletes.lowerBound, round.deletes.upperBound)
        let doomed = try context.fetch(FetchDescriptor<TradingCardModel>(
            predicate: #Predicate { $0.number >= deleteFrom && $0.number < deleteTo }))
        try checkEqual(doomed.count, W14Sync.deletesPerRound, "W14 OpenSwiftData: cards to delete")
        for card in doomed { context.delete(card) }
        for number in round.inserts { context.insert(TradingCardModel(.generated(number))) }
        try context.save()
    }

    /// A's `syncOnce()`, then B's, each timed into `figures` with the bytes their transports counted.
    func syncBoth(_ figures: inout W14Sync.WireFigures) throws {
        transportA.reset()
        transportB.reset()
        let (clientA, clientB) = (self.clientA, self.clientB)
        let clock = ContinuousClock()
        let (start, afterA, end) = try waitFor {
            let start = clock.now
            try await clientA.syncOnce()
            let afterA = clock.now
            try await clientB.syncOnce()
            return (start, afterA, clock.now)
        }
        figures.deviceA = transportA.counts
        figures.deviceB = transportB.counts
        figures.syncASeconds = W14Sync.seconds(afterA - start)
        figures.uploadPhaseASeconds = W14Sync.seconds((transportA.firstDownload ?? afterA) - start)
        figures.syncBSeconds = W14Sync.seconds(end - afterA)
    }

    func output() throws -> W14Sync.Output {
        func digest(_ container: ModelContainer) throws -> Digest {
            try ModelContext(container).fetch(FetchDescriptor<TradingCardModel>()).map(\.card).digest
        }
        return W14Sync.Output(deviceA: try digest(deviceA), deviceB: try digest(deviceB))
    }
}

/// The in-process transport with the wire in between: each batch is encoded as the HTTP
/// transport encodes its body (`JSONEncoder()`) and decoded again before the server gets
/// it, each page likewise on its way back, and the bytes of both are counted, with the
/// time the JSON and the server took.
final class WireCountingTransport: SyncTransport, @unchecked Sendable {
    private let inner: InProcessSyncTransport
    private let lock = NSLock()
    private var tally = W14Sync.WireTally()
    private var firstDownloadAt: ContinuousClock.Instant?

    init(_ inner: InProcessSyncTransport) { self.inner = inner }

    var counts: W14Sync.WireTally { lock.withLock { tally } }

    /// When the first download request came: the end of the sync's upload phase.
    var firstDownload: ContinuousClock.Instant? { lock.withLock { firstDownloadAt } }

    func reset() {
        lock.withLock {
            tally = W14Sync.WireTally()
            firstDownloadAt = nil
        }
    }

    func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
        var request = W14Sync.WireTally(uploads: 1)
        let (received, bytes) = try W14Sync.timed(&request.jsonSeconds) { try Self.acrossTheWire(batch.wireJSON(), read: SyncUploadBatch.init(wireJSON:)) }
        request.uploadBytes = bytes
        let receipt = try await W14Sync.timed(&request.serverUploadSeconds) { try await inner.upload(received) }
        add(request)
        return receipt
    }

    func download(_ request: SyncDownloadRequest) async throws -> SyncDownloadPage {
        lock.withLock { firstDownloadAt = firstDownloadAt ?? ContinuousClock.now }
        var tallied = W14Sync.WireTally(downloads: 1)
        let page = try await W14Sync.timed(&tallied.serverDownloadSeconds) { try await inner.download(request) }
        let (received, bytes) = try W14Sync.timed(&tallied.jsonSeconds) { try Self.acrossTheWire(page.wireJSON(), read: SyncDownloadPage.init(wireJSON:)) }
        tallied.downloadBytes = bytes
        add(tallied)
        return received
    }

    /// A value as the server or the device reads it from the wire, given its `body` as the
    /// HTTP transport and the example server write it, and the bytes of its body.
    private static func acrossTheWire<T: Decodable>(_ body: Data, read: (Data) -> T?) throws -> (T, bytes: Int) {
        (try read(body) ?? JSONDecoder().decode(T.self, from: body), body.count)
    }

    private func add(_ request: W14Sync.WireTally) { lock.withLock { tally = tally + request } }
}
