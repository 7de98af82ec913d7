import CardShowPro
import CommandLineTestSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataSync
import Testing

/// A dealer whose devices and server synced with CardShow Pro's schema version 6 updates to
/// version 7, which gives an event's cards brought an inverse: the server carries each
/// event's cards, so that a device made after the update holds them too.
@Suite struct SchemaUpgradeSyncTests {
    @Test func cardsBroughtToAnEventUnderVersion6AreBroughtOnADeviceMadeUnderVersion7() async throws {
        let old = "old.store"
        let setup = try await SyncServerSetup(prepare: { folder in
            // The server's sync store and a device, as version 6 made and synced them.
            let syncStore = folder.url.appendingPathComponent("inventory-sync.store")
            let server = try SyncServer(modelContainer: try ModelContainer(for: Schema(SyncServer.models),
                                                                           configurations: [ModelConfiguration(url: syncStore)]),
                                        schemaVersion: "6.0.0")
            let device = try ModelContainer(for: Schema(versionedSchema: SchemaV6.self),
                                            configurations: [ModelConfiguration(url: folder.url.appendingPathComponent(old))])
            let context = ModelContext(device)
            let show = SchemaV5.Event(name: "Spring Show", date: Date(), location: "Hall A")
            show.isActive = true
            context.insert(show)
            show.inventory = [SchemaV5.InventoryCard(name: "Charizard", setName: "Base Set", cardNumber: "4/102")]
            show.cardsCount = 1
            try context.save()
            let client = try SyncClient(modelContainer: device, account: "alice",
                                        transport: InProcessSyncTransport(server: server, signedInAs: "alice"), schemaVersion: "6.0.0")
            try await client.syncOnce()
        })
        let new = ToolProcess("cardshow", environment: ["CARDSHOW_SYNC_TOKEN": SyncServerSetup.alicePhone])
        let synced = try new.run(["--store", setup.deviceStore("new"), "sync", "--server", setup.server.base.absoluteString])
        #expect(synced.status == 0, "\(synced.stderr)")
        let upgraded = ToolProcess("cardshow", environment: ["CARDSHOW_SYNC_TOKEN": SyncServerSetup.aliceLaptop])
        let again = try upgraded.run(["--store", setup.deviceStore("old"), "sync", "--server", setup.server.base.absoluteString])
        #expect(again.status == 0, "\(again.stderr)")
        for name in ["new", "old"] {
            let context = ModelContext(try CardShowStore.container(at: URL(fileURLWithPath: setup.deviceStore(name))))
            let events = try context.fetch(FetchDescriptor<Event>())
            #expect(events.map { ($0.inventory ?? []).map(\.name) } == [["Charizard"]], "\(name)")
        }
    }
}
