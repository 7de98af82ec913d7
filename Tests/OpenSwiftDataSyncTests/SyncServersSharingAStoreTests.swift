import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// Two servers on one store (two processes of a server on one file, or on one PostgreSQL
/// database), each taking uploads at the same moment: each upload is numbered in the
/// account's log after every one recorded before it, so no device's cursor passes a change
/// it has not read.
@Suite struct SyncServersSharingAStoreTests {
    @Test("two servers of one store taking uploads at once number them one after the other, and every device gets every card")
    func twoServersOfOneStoreLoseNoChange() async throws {
        let world = try SyncWorld(devices: 1)
        let serverStore = world.stores.directory.appendingPathComponent("server.store")
        let other = try SyncServer(modelContainer: try ModelContainer(for: Schema(SyncServer.models),
                                                                      configurations: [ModelConfiguration(url: serverStore)]),
                                   schemaVersion: "1.0.0", schema: try SyncedSchema(Schema(syncTestModels)))
        let first = world.devices[0]
        // The second device reaches the store through the other server, from a folder of its
        // own (syncs of stores in one folder take turns).
        let folder = world.stores.directory.appendingPathComponent("second")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let second = try ModelContainer(for: Schema(syncTestModels + SyncClient.models),
                                        configurations: [ModelConfiguration(url: folder.appendingPathComponent("device.store"))])
        let secondClient = try SyncClient(modelContainer: second, account: world.account,
                                          transport: InProcessSyncTransport(server: other, signedInAs: world.account),
                                          schemaVersion: "1.0.0")
        for round in 0..<8 {
            try first.container.edit { context in
                for index in 0..<5 { context.insert(SyncCard(front: "first r\(round)c\(index)", score: index)) }
            }
            try second.edit { context in
                for index in 0..<5 { context.insert(SyncCard(front: "second r\(round)c\(index)", score: index)) }
            }
            async let one: Void = first.client.syncOnce()
            async let two: Void = secondClient.syncOnce()
            _ = try await (one, two)
        }
        for _ in 0..<2 {
            try await first.client.syncOnce()
            try await secondClient.syncOnce()
        }
        let newcomer = try world.makeDevice(2)
        try await newcomer.client.syncOnce()
        for (name, container) in [("first", first.container), ("second", second), ("new", newcomer.container)] {
            let fronts = try container.all(SyncCard.self).map(\.front)
            #expect(fronts.count == 80 && Set(fronts).count == 80, "the \(name) device holds \(fronts.count) cards")
        }
    }
}
