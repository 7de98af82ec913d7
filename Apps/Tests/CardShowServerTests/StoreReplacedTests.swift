import Foundation
import Testing

/// A store file removed or replaced while the server runs is not written on as if it were
/// still there: what the server wrote to the file it held open would be lost with it.
@Suite struct StoreReplacedTests {
    static let pikachu = InventoryAPITests.pikachu

    @Test func aCardPostedAfterTheStoreWasDeletedIsRefusedNotAnswered201AndLost() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        #expect(try await server.send("POST", "/cards", body: Self.pikachu).status == 201)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder.store + suffix) }
        let posted = try await server.send("POST", "/cards", body: Self.pikachu)
        // Before: 201, into a file no longer at any path, lost when the server stopped.
        #expect(posted.status == 500, "\(posted.text)")
        #expect(posted.error?.contains("was removed or replaced while the server ran") == true, "\(posted.text)")
        #expect(posted.error?.contains("Restart the server to serve the store now at that path") == true, "\(posted.text)")
        #expect(try await server.send("GET", "/stats").status == 500)
    }

    @Test func aSyncRequestAfterTheSyncStoreWasDeletedIsRefusedNotAnsweredFromAFileAtNoPath() async throws {
        let setup = try await SyncServerSetup()
        #expect(try await setup.server.send("GET", "/sync/v1/account", token: SyncServerSetup.aliceLaptop).status == 200)
        let syncStore = setup.folder.url.appendingPathComponent("inventory-sync.store").path
        #expect(FileManager.default.fileExists(atPath: syncStore))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: syncStore + suffix) }
        let reply = try await setup.server.send("GET", "/sync/v1/account", token: SyncServerSetup.aliceLaptop)
        // Before: 200, and uploads recorded in a log at no path, lost when the server stopped.
        #expect(reply.status == 500, "\(reply.text)")
        #expect(reply.error?.contains("The sync store \(syncStore) was removed or replaced while the server ran") == true, "\(reply.text)")
    }
}
