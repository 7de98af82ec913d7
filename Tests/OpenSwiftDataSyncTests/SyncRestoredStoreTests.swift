import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A store put back from a copy made before its last sync: the server does not send a
/// device what it uploaded, so as its old self it never gets back what it uploaded after
/// the copy; continued as a new device (`SyncClient.continueAsNewDevice`), it does.
@Suite struct SyncRestoredStoreTests {
    @Test("a store put back from a copy made before its last sync, continued as a new device, gets back what it uploaded after the copy")
    func aStorePutBackFromACopyGetsBackWhatItUploadedAfterTheCopy() async throws {
        let world = try SyncWorld(devices: 2)
        let laptop = world.devices[0], phone = world.devices[1]
        try laptop.container.edit { $0.insert(SyncCard(front: "before the copy", score: 1)) }
        try await laptop.client.syncOnce()
        // The copy, as a backup of the idle store: its file and its log.
        let url = try #require(laptop.container.configurations.first?.url)
        let copy = world.stores.directory.appendingPathComponent("put-back.store")
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            try FileManager.default.copyItem(atPath: url.path + suffix, toPath: copy.path + suffix)
        }
        try laptop.container.edit { $0.insert(SyncCard(front: "after the copy", score: 2)) }
        try await laptop.client.syncOnce()
        try phone.container.edit { $0.insert(SyncCard(front: "the phone's", score: 3)) }
        try await phone.client.syncOnce()

        let putBack = try ModelContainer(for: Schema(syncTestModels + SyncClient.models), configurations: [ModelConfiguration(url: copy)])
        #expect(try SyncClient.continueAsNewDevice(putBack))
        let client = try SyncClient(modelContainer: putBack, account: world.account, transport: laptop.transport, schemaVersion: "1.0.0")
        try await client.syncOnce()
        #expect(try putBack.all(SyncCard.self).map(\.front).sorted() == ["after the copy", "before the copy", "the phone's"])
        #expect(try await client.currentState() == world.serverState())
    }

    @Test("a store that never synced is left as it is")
    func aStoreThatNeverSyncedIsLeftAsItIs() throws {
        let world = try SyncWorld(devices: 1)
        let container = world.devices[0].container
        try container.edit { $0.insert(SyncCard(front: "local", score: 1)) }
        #expect(try SyncClient.continueAsNewDevice(container) == false)
        #expect(try container.all(SyncCheckpoint.self).isEmpty)
    }
}
