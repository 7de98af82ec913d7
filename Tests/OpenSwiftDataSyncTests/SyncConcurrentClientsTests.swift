import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// Syncs of one store at once, as two processes (or two clients of one) run them: one
/// after the other, so that nothing is sent twice under two identities and lost.
@Suite struct SyncConcurrentClientsTests {
    @Test("three clients of one store syncing at once, while the app adds cards, lose none and send each once")
    func concurrentClientsOfOneStoreLoseNothing() async throws {
        let world = try SyncWorld(devices: 1)
        // Two more clients of the same store file, as other processes would open it.
        let url = try #require(world.devices[0].container.configurations.first?.url)
        try await expectClientsTakeTurns(in: world, openingTheStoreAt: url)
    }

    @Test("clients of one store, one through a symbolic link to it in another folder, take turns and lose no card")
    func clientsOfOneStoreThroughALinkInAnotherFolderTakeTurns() async throws {
        let world = try SyncWorld(devices: 1)
        let url = try #require(world.devices[0].container.configurations.first?.url)
        // The link's folder is not the store's: a lock on the folder the path names would
        // let the two syncs run at once.
        let linkFolder = world.stores.directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: linkFolder, withIntermediateDirectories: true)
        let link = linkFolder.appendingPathComponent("linked.store")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        try await expectClientsTakeTurns(in: world, openingTheStoreAt: link)
    }

    /// The first device's client and two more on the store opened at `path` sync at once,
    /// eight times, while the app adds five cards before each; the store and the server
    /// then hold the 40 cards, each once.
    private func expectClientsTakeTurns(in world: SyncWorld, openingTheStoreAt path: URL) async throws {
        let device = world.devices[0]
        var clients = [device.client]
        for _ in 0..<2 {
            let container = try ModelContainer(for: Schema(syncTestModels + SyncClient.models), configurations: [ModelConfiguration(url: path)])
            clients.append(try SyncClient(modelContainer: container, account: world.account, transport: device.transport, schemaVersion: "1.0.0"))
        }
        for round in 0..<8 {
            try device.container.edit { context in
                for index in 0..<5 { context.insert(SyncCard(front: "r\(round)c\(index)", score: index)) }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in clients { group.addTask { try await client.syncOnce() } }
                try await group.waitForAll()
            }
        }
        try await device.client.syncOnce()
        let fronts = try device.container.all(SyncCard.self).map(\.front)
        #expect(fronts.count == 40 && Set(fronts).count == 40, "the store holds \(fronts.count) cards")
        let server = try await world.serverState().filter { $0.entityName == "SyncCard" }
        #expect(server.count == 40, "the server holds \(server.count) cards")
    }
}
