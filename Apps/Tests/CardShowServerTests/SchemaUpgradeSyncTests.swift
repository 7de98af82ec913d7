import CardShowPro
import CommandLineTestSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataSync
import Testing

/// A dealer whose devices and server synced with CardShow Pro's schema version 6 updates to
/// version 7, which gives an event's cards brought an inverse: the server carries each
/// event's cards, so that a device made after the update holds them too.
@Suite struct SchemaUpgradeSyncTests {
    @Test func cardsBroughtToAnEventUnderVersion6AreBroughtOnADeviceMadeUnderVersion7() async throws {
        let setup = try await SyncServerSetup(prepare: { folder in
            let syncStore = try ModelContainer(for: Schema(SyncServer.models),
                                               configurations: [ModelConfiguration(url: folder.url.appendingPathComponent("inventory-sync.store"))])
            try await Self.syncAnEventUnderVersion6(syncStore: syncStore, device: folder.url.appendingPathComponent("old.store"))
        })
        try Self.expectTheEventsCardsOnANewDeviceAndTheUpdatedOne(setup)
    }

    @Test(.enabled(if: TestDatabase.url != nil, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
    func cardsBroughtToAnEventUnderVersion6AreBroughtOnADeviceMadeUnderVersion7OnPostgreSQL() async throws {
        let database = try ScratchSchema()
        let server = try #require(TestDatabase.url)
        let setup = try await SyncServerSetup(postgres: database.url, prepare: { folder in
            let url = server + (server.contains("?") ? "&" : "?") + "schema=\(database.name)_sync"
            let syncStore = try ModelContainer(for: Schema(SyncServer.models), configurations: [try PostgresConfiguration("sync", url: url)])
            try await Self.syncAnEventUnderVersion6(syncStore: syncStore, device: folder.url.appendingPathComponent("old.store"))
        })
        try Self.expectTheEventsCardsOnANewDeviceAndTheUpdatedOne(setup)
    }

    /// The server's sync store and a device, as version 6 made and synced them: a running
    /// event with one card brought.
    static func syncAnEventUnderVersion6(syncStore: ModelContainer, device url: URL) async throws {
        let server = try SyncServer(modelContainer: syncStore, schemaVersion: "6.0.0")
        let device = try ModelContainer(for: Schema(versionedSchema: SchemaV6.self), configurations: [ModelConfiguration(url: url)])
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
    }

    /// A device made under version 7 syncs, then the updated one does: both hold the card brought.
    static func expectTheEventsCardsOnANewDeviceAndTheUpdatedOne(_ setup: SyncServerSetup) throws {
        for (name, token) in [("new", SyncServerSetup.alicePhone), ("old", SyncServerSetup.aliceLaptop)] {
            let tool = ToolProcess("cardshow", environment: ["CARDSHOW_SYNC_TOKEN": token])
            let synced = try tool.run(["--store", setup.deviceStore(name), "sync", "--server", setup.server.base.absoluteString])
            #expect(synced.status == 0, "\(name): \(synced.stderr)")
        }
        for name in ["new", "old"] {
            let context = ModelContext(try CardShowStore.container(at: URL(fileURLWithPath: setup.deviceStore(name))))
            let events = try context.fetch(FetchDescriptor<Event>())
            #expect(events.map { ($0.inventory ?? []).map(\.name) } == [["Charizard"]], "\(name)")
        }
    }
}
