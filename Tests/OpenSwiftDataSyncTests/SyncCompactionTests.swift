import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// Compaction of the server's log, and the full download a device gets when the changes
/// it missed are no longer there.
@Suite struct SyncCompactionTests {
    /// A moment after every entry recorded so far: compacting before it removes the whole log.
    func afterEverything() async throws -> Date {
        try await Task.sleep(for: .milliseconds(5))
        return Date()
    }

    func logDownload(_ world: SyncWorld, cursor: Int64) async throws -> SyncDownloadPage {
        try await world.server.download(SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0",
                                                            cursor: cursor, limit: 1_000), signedInAs: world.account)
    }

    @Test("compaction removes the log entries recorded before the date and keeps the later ones")
    func compactionRemovesOnlyOlderEntries() async throws {
        let world = try SyncWorld(devices: 1)
        let device = world.devices[0]
        try device.container.edit { $0.insert(SyncCard(front: "old")) }
        try await device.client.syncOnce()
        let cutoff = try await afterEverything()
        try device.container.edit { $0.insert(SyncCard(front: "new")) }
        try await device.client.syncOnce()

        let removed = try await world.server.compactLog(recordedBefore: cutoff)
        let rest = try await logDownload(world, cursor: 1)
        #expect(removed == 1)
        #expect(!rest.isFullDownload)
        #expect(rest.changes.map { $0.values["front"]?.value } == [.text("new")])
    }

    @Test("a device offline across a compaction gets a full download and ends in the server's state")
    func offlineDeviceConvergesByFullDownload() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            let deck = SyncDeck(title: "French")
            context.insert(deck)
            for front in ["un", "deux", "trois"] { context.insert(SyncCard(front: front, deck: deck)) }
        }
        try await world.syncAll()
        try a.container.edit { context in
            let cards = try context.fetch(FetchDescriptor<SyncCard>())
            for card in cards where card.front == "deux" { context.delete(card) }
            for card in cards where card.front == "un" { card.score = 7 }
            context.insert(SyncCard(front: "quatre"))
        }
        try await a.client.syncOnce()
        try await world.server.compactLog(recordedBefore: try await afterEverything())

        try await b.client.syncOnce()
        #expect(await b.client.lastFullDownload != nil)
        let bState = try await b.client.currentState()
        let bServer = try await world.serverState()
        #expect(bState == bServer)
        #expect(try b.container.all(SyncCard.self).map(\.front).sorted() == ["quatre", "trois", "un"])
    }

    @Test("an edit an offline device saved before a full download is kept and uploaded after it")
    func localEditSurvivesFullDownload() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncCard(front: "q", score: 1)) }
        try await world.syncAll()
        try a.container.edit { try #require(try $0.fetch(FetchDescriptor<SyncCard>()).first).front = "from A" }
        try await a.client.syncOnce()
        try await world.server.compactLog(recordedBefore: try await afterEverything())
        try b.container.edit { try #require(try $0.fetch(FetchDescriptor<SyncCard>()).first).score = 9 }

        try await b.client.syncOnce()
        try await a.client.syncOnce()
        for device in world.devices {
            let cards = try device.container.all(SyncCard.self)
            #expect(cards.map(\.front) == ["from A"])
            #expect(cards.map(\.score) == [9])
        }
    }

    /// The marks were raised after the last run only: a device downloading between two runs
    /// read the log past entries already gone, and never got them nor a full download.
    @Test("every save of a compaction raises the account's mark with the entries it removes")
    func eachRunOfACompactionRaisesTheMarkWithItsDeletes() async throws {
        let world = try SyncWorld(devices: 1)
        try world.devices[0].container.edit { context in
            for index in 0..<1_001 { context.insert(SyncCard(front: "card \(index)")) }
        }
        try await world.devices[0].client.syncOnce()
        let history = HistoryDescriptor<DefaultHistoryTransaction>()
        let before = try ModelContext(world.server.modelContainer).fetchHistory(history).count
        try await world.server.compactLog(recordedBefore: try await afterEverything())

        let runs = try ModelContext(world.server.modelContainer).fetchHistory(history).dropFirst(before)
        #expect(runs.count >= 2)
        for run in runs {
            let entities = Set(run.changes.map { change -> String in
                switch change {
                case .insert(let insert): insert.changedPersistentIdentifier.entityName
                case .update(let update): update.changedPersistentIdentifier.entityName
                case .delete(let delete): delete.changedPersistentIdentifier.entityName
                @unknown default: "unknown"
                }
            })
            #expect(entities == ["SyncServerLogEntry", "SyncServerCompaction"], "\(entities)")
        }
    }

    @Test("a new device after a compaction receives the account's models in pages of its page size")
    func newDeviceGetsStateInPages() async throws {
        let world = try SyncWorld(devices: 1, pageSize: 2)
        try world.devices[0].container.edit { context in
            for index in 1...5 { context.insert(SyncCard(front: "card \(index)", score: index)) }
        }
        try await world.devices[0].client.syncOnce()
        try await world.server.compactLog(recordedBefore: try await afterEverything())

        var pages: [SyncDownloadPage] = []
        var request = SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0", cursor: 0, limit: 2)
        repeat {
            let page = try await world.server.download(request, signedInAs: world.account)
            pages.append(page)
            request.fullDownload = page.fullDownload
            request.cursor = max(request.cursor, page.cursor)
        } while pages.last?.fullDownload != nil && pages.count < 10
        #expect(pages.map(\.changes.count) == [2, 2, 1])
        #expect(pages.allSatisfy { $0.isFullDownload })
        #expect(pages.last?.cursor == 5)

        let newcomer = try world.makeDevice(1, pageSize: 2)
        try await newcomer.client.syncOnce()
        #expect(try newcomer.container.all(SyncCard.self).map(\.score).sorted() == [1, 2, 3, 4, 5])
        let newcomerState = try await newcomer.client.currentState()
        let newcomerServer = try await world.serverState()
        #expect(newcomerState == newcomerServer)
    }

    @Test("a delete and a unique-key merge the log no longer holds reach a device by its full download")
    func deleteAndMergeReachOfflineDevice() async throws {
        let world = try SyncWorld(devices: 3)
        let (a, b, c) = (world.devices[0], world.devices[1], world.devices[2])
        try a.container.edit { $0.insert(SyncCard(front: "doomed")) }
        try await world.syncAll()
        try a.container.edit { context in
            for card in try context.fetch(FetchDescriptor<SyncCard>()) { context.delete(card) }
            context.insert(SyncTag(name: "verbs", color: 1))
        }
        try b.container.edit { $0.insert(SyncTag(name: "verbs", color: 2)) }
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try await world.server.compactLog(recordedBefore: try await afterEverything())

        try await c.client.syncOnce()
        try await b.client.syncOnce()
        #expect(try c.container.all(SyncCard.self).isEmpty)
        #expect(try c.container.all(SyncTag.self).count == 1)
        #expect(try b.container.all(SyncTag.self).count == 1)
        let cState = try await c.client.currentState()
        let cServer = try await world.serverState()
        #expect(cState == cServer)
        let bState = try await b.client.currentState()
        let bServer = try await world.serverState()
        #expect(bState == bServer)
    }

    @Test("positions go on after the whole log was compacted, so a device that was up to date reads the log as before")
    func positionsContinueAfterCompaction() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncCard(front: "first")) }
        try await world.syncAll()
        try await world.server.compactLog(recordedBefore: try await afterEverything())
        try a.container.edit { $0.insert(SyncCard(front: "second")) }
        try await a.client.syncOnce()

        try await b.client.syncOnce()
        #expect(await b.client.lastFullDownload == nil)
        #expect(try b.container.all(SyncCard.self).map(\.front).sorted() == ["first", "second"])
    }

    @Test("a download asking to go on from a position the server never gives is refused")
    func forgedFullDownloadPositionIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let request = SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0", cursor: 0, limit: 10,
                                          fullDownload: SyncFullDownloadPosition(through: 3, sent: -1))
        await #expect(throws: SyncError.self) { try await world.server.download(request, signedInAs: world.account) }
    }
}
