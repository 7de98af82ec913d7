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

    static func restart(_ setup: Setup, keepDays: Int) throws -> ServerProcess {
        try ServerProcess(["--store", setup.folder.store, "--sync-tokens", setup.folder.url.appendingPathComponent("tokens").path,
                           "--sync-keep-days", "\(keepDays)"], environment: ["LOG_LEVEL": "info"])
    }

    @Test("entries older than the days kept are removed at start, and a new device gets the account whole")
    func oldEntriesRemovedAtStart() async throws {
        let setup = try Setup()
        _ = try await setup.transport(Setup.aliceLaptop).upload(Setup.batch(cards: ["Pikachu", "Mew"]))
        _ = setup.server.stopAndReadErrors()
        try Self.age(setup, days: 40)
        let server = try Self.restart(setup, keepDays: 30)
        let transport = try HTTPSyncTransport(server: server.base, token: Setup.alicePhone, requestTimeout: 60)
        let page = try await transport.download(SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: Setup.schemaVersion,
                                                                    cursor: 0, limit: 1_000))
        let log = server.stopAndReadErrors()
        #expect(page.isFullDownload)
        #expect(page.changes.count == 2)
        #expect(log.contains("Removed 2 CardShow Pro sync log entries older than 30 days"), "\(log)")
    }

    @Test("entries within the days kept stay in the log")
    func recentEntriesKept() async throws {
        let setup = try Setup()
        _ = try await setup.transport(Setup.aliceLaptop).upload(Setup.batch(cards: ["Pikachu"]))
        _ = setup.server.stopAndReadErrors()
        try Self.age(setup, days: 20)
        let server = try Self.restart(setup, keepDays: 30)
        let transport = try HTTPSyncTransport(server: server.base, token: Setup.alicePhone, requestTimeout: 60)
        let page = try await transport.download(SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: Setup.schemaVersion,
                                                                    cursor: 0, limit: 1_000))
        #expect(!page.isFullDownload)
        #expect(page.changes.count == 1)
    }

    @Test("days to keep outside 1 to 36500 are refused, naming the range")
    func keepDaysOutOfRangeRefused() throws {
        let folder = try ServerFolder()
        do {
            _ = try ServerProcess(["--store", folder.store, "--sync-keep-days", "0"])
            Issue.record("the server started with --sync-keep-days 0")
        } catch let failure as ServerProcess.Failure {
            #expect(failure.description.contains("from 1 to 36500, not 0"), "\(failure)")
        }
    }
}
