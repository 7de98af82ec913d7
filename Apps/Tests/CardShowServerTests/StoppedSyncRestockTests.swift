import CardShowPro
import CommandLineTestSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataSync
import Testing

/// A sync stopped (killed) after its download and before the checks after it: the next sync
/// does the checks it left undone.
@Suite struct StoppedSyncRestockTests {
    typealias Setup = SyncServerSetup

    /// Each device voided a different one of a card's two sales, and the phone's sync that
    /// downloaded the laptop's void stopped before its check: the card was left sold with no
    /// sale, and the next sync, which never knew it had one, left it so.
    @Test func aCardWhoseSalesWereAllVoidedIsBackInStockAfterTheSyncThatDownloadedTheVoidStopped() async throws {
        let setup = try await Setup()
        let (_, phone, card) = try TwoDeviceSyncTests.charizardWithEachSaleVoidedOnOneDevice(setup)
        // What `cardshow sync` does before it stops: it keeps its list, then downloads.
        let store = URL(fileURLWithPath: phone.store)
        do {
            let container = try CardShowStore.container(at: store)
            PendingRestockCheck(besides: store).keep(try SalesService(context: ModelContext(container)).soldCardsWithSales())
            let client = try SyncClient(modelContainer: container, account: "alice", transport: try setup.transport(Setup.alicePhone),
                                        schemaVersion: CardShowStore.schema.version.description)
            try await client.syncOnce()
        }
        #expect(try phone.run(["card", "show", card, "--json"]).stdout.contains("\"status\" : \"Sold\""))
        let restocked = try phone.run(["sync", "--server", phone.server])
        #expect(restocked.stderr.contains("Note: Charizard #4/102 (\(card.prefix(8))) is back in stock"), "\(restocked.stderr)")
        #expect(try phone.run(["card", "show", card, "--json"]).stdout.contains("\"status\" : \"In Stock\""))
        #expect(!FileManager.default.fileExists(atPath: PendingRestockCheck(besides: store).file.path))
    }

    /// The record's name beside the store taken by a folder of the user's: every sync removed
    /// it with everything in it.
    @Test func aFolderBesideTheStoreBearingTheRestockCheckNameIsNotRemovedBySync() async throws {
        let setup = try await Setup()
        let (_, phone, _) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        let folder = PendingRestockCheck(besides: URL(fileURLWithPath: phone.store)).file
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = folder.appendingPathComponent("receipts.txt")
        try Data("kept".utf8).write(to: kept)
        _ = try phone.sync()
        #expect(FileManager.default.fileExists(atPath: kept.path))
    }

    /// The note blamed the name's length, or a folder that cannot be written.
    @Test func aSyncBesideAFolderBearingTheRestockCheckNameSaysAFolderHoldsIt() async throws {
        let setup = try await Setup()
        let (_, phone, _) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        let folder = PendingRestockCheck(besides: URL(fileURLWithPath: phone.store)).file
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("beside the store (a folder of that name is there)"), "\(synced.stderr)")
        #expect(synced.stderr.contains("\nMove or rename the folder \(folder.lastPathComponent) to keep them."), "\(synced.stderr)")
    }

    /// A store name of 242 to 251 bytes leaves no room for the suffix: the sync went on
    /// without the list, silently.
    @Test func aSyncThatCannotKeepItsListOfCardsToCheckSaysSo() async throws {
        let setup = try await Setup()
        let store = setup.folder.url.appendingPathComponent(String(repeating: "s", count: 240) + ".store").path
        let tool = ToolProcess("cardshow", environment: ["CARDSHOW_SYNC_TOKEN": Setup.aliceLaptop])
        let synced = try tool.run(["--store", store, "sync", "--server", setup.server.base.absoluteString])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("Note: the cards to check after this sync could not be kept in "), "\(synced.stderr)")
    }
}
