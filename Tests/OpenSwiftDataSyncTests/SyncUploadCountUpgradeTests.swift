import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A server store and a device store made before uploads were counted open with the
/// models that count them (a lightweight migration adds the count), and sync on without
/// taking the device for a copy of itself.
@Suite struct SyncUploadCountUpgradeTests {
    /// The server's and the client's models as they were before uploads were counted.
    enum BeforeCounting {
        @Model final class SyncServerBatch {
            var account: String
            var batchID: UUID
            var recordedChanges: Int
            init(account: String, batchID: UUID, recordedChanges: Int) {
                self.account = account
                self.batchID = batchID
                self.recordedChanges = recordedChanges
            }
        }

        @Model final class SyncCheckpoint {
            var device: UUID
            var historyTransaction: Int64
            var cursor: Int64
            var clock: String
            var pendingBatch: Data?
            var account: String?
            init(device: UUID, clock: String, account: String) {
                self.device = device
                self.historyTransaction = 0
                self.cursor = 0
                self.clock = clock
                self.account = account
            }
        }

        static let serverModels: [any PersistentModel.Type] = [
            SyncServerLogEntry.self, SyncServerRecord.self, SyncServerProperty.self, SyncServerUniqueKey.self, SyncServerBatch.self,
            SyncServerCompaction.self,
        ]
        static let clientModels: [any PersistentModel.Type] = [SyncModelRecord.self, SyncPropertyClock.self, SyncCheckpoint.self]
    }

    @Test func aServerStoreMadeBeforeUploadsWereCountedAnswersABatchItAppliedThenAndCountsNewOnes() async throws {
        let stores = try TemporaryStores()
        let earlier = UUID(), device = UUID()
        do {
            let context = ModelContext(try stores.container("server", BeforeCounting.serverModels))
            context.insert(BeforeCounting.SyncServerBatch(account: "alice", batchID: earlier, recordedChanges: 0))
            try context.save()
        }
        let server = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: "1.0.0")
        let again = try await server.upload(SyncUploadBatch(id: earlier, account: "alice", device: device, schemaVersion: "1.0.0", changes: []),
                                            signedInAs: "alice")
        #expect(again.wasDuplicate && again.deviceUploads == nil)
        let new = try await server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: []),
                                          signedInAs: "alice")
        #expect(new.deviceUploads == 1)
    }

    @Test func aDeviceStoreMadeBeforeUploadsWereCountedSyncsOnAsTheSameDevice() async throws {
        let world = try SyncWorld(devices: 1)
        let device = UUID()
        let url = world.stores.directory.appendingPathComponent("before-counting.store")
        do {
            let old = try ModelContainer(for: Schema(syncTestModels + BeforeCounting.clientModels),
                                         configurations: [ModelConfiguration(url: url)])
            try old.edit { $0.insert(BeforeCounting.SyncCheckpoint(device: device, clock: HLCTimestamp.zero.description, account: world.account)) }
        }
        let container = try ModelContainer(for: Schema(syncTestModels + SyncClient.models), configurations: [ModelConfiguration(url: url)])
        try container.edit { $0.insert(SyncCard(front: "after the upgrade", score: 1)) }
        let client = try SyncClient(modelContainer: container, account: world.account, transport: world.devices[0].transport,
                                    schemaVersion: "1.0.0")
        try await client.syncOnce()
        let checkpoint = try #require(try container.all(SyncCheckpoint.self).first)
        #expect(checkpoint.device == device)
        #expect(checkpoint.acknowledgedUploads == 1)
        #expect(await client.lastContinuedAsNewDevice == nil)
    }
}
