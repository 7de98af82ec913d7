import Foundation
import Testing

/// Sync with the server's inventory, and so its sync store, in PostgreSQL.
@Suite(.enabled(if: TestDatabase.url != nil, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct PostgresSyncTests {
    @Test func twoStoresStayInStepThroughAServerOnPostgreSQL() throws {
        let database = try ScratchSchema()
        try TwoDeviceSyncTests.keepsTwoDevicesInStep(try SyncServerSetup(postgres: database.url))
    }

    @Test func anUploadOutlivesTheServerThatTookIt() async throws {
        let database = try ScratchSchema()
        let batch = SyncServerSetup.batch(cards: ["Pikachu"])
        do {
            let first = try SyncServerSetup(postgres: database.url)
            _ = try await first.transport(SyncServerSetup.aliceLaptop).upload(batch)
        }
        let second = try SyncServerSetup(postgres: database.url)
        #expect(try await second.log(SyncServerSetup.alicePhone).count == 1)
        #expect(try await second.transport(SyncServerSetup.aliceLaptop).upload(batch).wasDuplicate)
    }
}
