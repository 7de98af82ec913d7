import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataSync
import Testing

/// Sync with the server's inventory, and so its sync store, in PostgreSQL.
@Suite(.enabled(if: TestDatabase.url != nil, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct PostgresSyncTests {
    @Test func twoStoresStayInStepThroughAServerOnPostgreSQL() async throws {
        let database = try ScratchSchema()
        try TwoDeviceSyncTests.keepsTwoDevicesInStep(try await SyncServerSetup(postgres: database.url))
    }

    @Test func anUploadOutlivesTheServerThatTookIt() async throws {
        let database = try ScratchSchema()
        let batch = SyncServerSetup.batch(cards: ["Pikachu"])
        do {
            let first = try await SyncServerSetup(postgres: database.url)
            _ = try await first.transport(SyncServerSetup.aliceLaptop).upload(batch)
        }
        let second = try await SyncServerSetup(postgres: database.url)
        #expect(try await second.log(SyncServerSetup.alicePhone).count == 1)
        #expect(try await second.transport(SyncServerSetup.aliceLaptop).upload(batch).wasDuplicate)
    }

    /// The server's record of an applied batch as it was before uploads were counted.
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

        static let models: [any PersistentModel.Type] = [
            SyncServerLogEntry.self, SyncServerRecord.self, SyncServerProperty.self, SyncServerUniqueKey.self, SyncServerBatch.self,
            SyncServerCompaction.self,
        ]
    }

    @Test func aSyncStoreMadeBeforeUploadsWereCountedIsUpgradedAndCountsThem() async throws {
        let database = try ScratchSchema()
        let earlier = SyncServerSetup.batch(cards: ["Pikachu"])
        do {
            let server = try #require(TestDatabase.url)
            let url = server + (server.contains("?") ? "&" : "?") + "schema=\(database.name)_sync"
            let old = try ModelContainer(for: Schema(BeforeCounting.models), configurations: [try PostgresConfiguration("sync", url: url)])
            let context = ModelContext(old)
            context.insert(BeforeCounting.SyncServerBatch(account: "alice", batchID: earlier.id, recordedChanges: 1))
            try context.save()
        }
        let setup = try await SyncServerSetup(postgres: database.url)
        let transport = try setup.transport(SyncServerSetup.aliceLaptop)
        let again = try await transport.upload(earlier)
        #expect(again.wasDuplicate && again.deviceUploads == nil)
        #expect(try await transport.upload(SyncServerSetup.batch(cards: ["Eevee"])).deviceUploads == 1)
    }
}
