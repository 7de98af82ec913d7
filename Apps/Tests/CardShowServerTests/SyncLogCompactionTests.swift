import Foundation
import OpenSwiftData
import OpenSwiftDataSync
import Testing

/// `cardshow-server --sync-keep-days N`: the sync log keeps N days of changes; older ones
/// are removed at start (and every 6 hours), and a device that missed them downloads its
/// account whole.
@Suite struct SyncLogCompactionTests {
    typealias Setup = SyncServerSetup

    /// Dates every entry of the folder's CardShow Pro sync log `days` back, as if recorded then.
    static func age(_ setup: Setup, days: Double) throws {
        let store = setup.folder.url.appendingPathComponent("inventory-sync.store")
        let container = try ModelContainer(for: Schema(SyncServer.models), configurations: [ModelConfiguration(url: store)])
        let context = ModelContext(container)
        for entry in try context.fetch(FetchDescriptor<SyncServerLogEntry>()) {
            entry.recordedAt = Date().addingTimeInterval(-days * 86_400)
        }
        try context.save()
    }

    /// Alice's laptop uploads `cards`, the log is dated `days` back, and the server starts
    /// again keeping 30 days: the pages of her phone's first download, of `limit` changes
    /// each, and what the server logged.
    static func firstDownloadAfterRestart(cards: [String], agedDays days: Double,
                                          limit: Int = 1_000) async throws -> (pages: [SyncDownloadPage], log: String) {
        let setup = try await Setup()
        _ = try await setup.transport(Setup.aliceLaptop).upload(Setup.batch(cards: cards))
        _ = setup.server.stopAndReadErrors()
        try age(setup, days: days)
        let server = try await ServerProcess(["--store", setup.folder.store, "--sync-tokens", setup.folder.url.appendingPathComponent("tokens").path,
                                        "--sync-keep-days", "30"], environment: ["LOG_LEVEL": "info"])
        let transport = try HTTPSyncTransport(server: server.base, token: Setup.alicePhone, requestTimeout: 60)
        var pages: [SyncDownloadPage] = []
        var request = SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: Setup.schemaVersion, cursor: 0, limit: limit)
        repeat {
            let page = try await transport.download(request)
            pages.append(page)
            request.cursor = page.cursor
            request.fullDownload = page.fullDownload
        } while pages.last?.hasMore == true && pages.count <= cards.count
        return (pages, server.stopAndReadErrors())
    }

    @Test("entries older than the days kept are removed at start, and a new device gets the account whole")
    func oldEntriesRemovedAtStart() async throws {
        let (pages, log) = try await Self.firstDownloadAfterRestart(cards: ["Pikachu", "Mew"], agedDays: 40)
        #expect(pages.count == 1 && pages.allSatisfy(\.isFullDownload))
        #expect(pages.first?.changes.count == 2)
        #expect(log.contains("Removed 2 CardShow Pro sync log entries older than 30 days"), "\(log)")
    }

    @Test("entries within the days kept stay in the log")
    func recentEntriesKept() async throws {
        let (pages, _) = try await Self.firstDownloadAfterRestart(cards: ["Pikachu"], agedDays: 20)
        #expect(pages.count == 1 && !pages.allSatisfy(\.isFullDownload))
        #expect(pages.first?.changes.count == 1)
    }

    /// The server read no position from the query and began the download again at every
    /// page: a device whose account needed more than one page could never sync.
    @Test("a new device's full download goes on page after page to its end")
    func aFullDownloadGoesOnPastItsFirstPage() async throws {
        let (pages, _) = try await Self.firstDownloadAfterRestart(cards: ["Pikachu", "Mew", "Eevee"], agedDays: 40, limit: 2)
        #expect(pages.map(\.changes.count) == [2, 1])
        #expect(pages.allSatisfy(\.isFullDownload) && pages.last?.hasMore == false)
        #expect(Set(pages.flatMap(\.changes).map(\.syncID)).count == 3)
    }

    @Test("days to keep outside 1 to 36500 are refused, naming the range")
    func keepDaysOutOfRangeRefused() async throws {
        let folder = try ServerFolder()
        do {
            _ = try await ServerProcess(["--store", folder.store, "--sync-keep-days", "0"])
            Issue.record("the server started with --sync-keep-days 0")
        } catch let failure as ServerProcess.Failure {
            #expect(failure.description.contains("from 1 to 36500, not 0"), "\(failure)")
        }
    }
}
