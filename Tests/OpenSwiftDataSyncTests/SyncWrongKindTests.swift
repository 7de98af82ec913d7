import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A value of a kind the app's model cannot hold (text for a card's score), which only a
/// server not given the app's schema takes: the download stops at it naming the change and
/// the server, where it stopped in the engine's words for a value, which the tools told as a
/// value of the user's they cannot keep.
@Suite struct SyncWrongKindTests {
    static func later(_ node: UUID) -> HLCTimestamp {
        HLCTimestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000) + 60_000, counter: 0, node: node)
    }

    /// Uploads `change` as a client of the account that keeps no schema, the device `node`.
    static func uploadUnchecked(_ change: SyncChange, by node: UUID, to world: SyncWorld) async throws {
        _ = try await world.devices[0].transport.upload(SyncUploadBatch(account: world.account, device: node, schemaVersion: "1.0.0",
                                                                          changes: [change]))
    }

    func expectStopsNamingTheChange(_ world: SyncWorld, device: Int, syncID: UUID) async throws {
        await #expect(throws: SyncError.invalidChange(
            "the server sent SyncCard \(syncID) with a score this app cannot keep (the value is not one of the attribute's type); this download "
                + "stops here, to be applied again at the next sync. A server given the app's schema refuses such a change; tell the "
                + "server's owner that its log holds one.")) {
            try await world.devices[device].client.syncOnce()
        }
    }

    @Test func anUpdateOfAValueOfAnotherKindStopsTheDownloadNamingTheChangeAndTheServer() async throws {
        let world = try await SyncWorld(devices: 2, serverChecksSchema: false).sharedFromFirstDevice { $0.insert(SyncCard(front: "a")) }
        let card = try #require(try await world.serverState().first)
        let node = UUID()
        try await Self.uploadUnchecked(SyncChange(entityName: "SyncCard", syncID: card.syncID, kind: .update,
                                                  values: ["score": SyncStampedValue(.text("lots"), at: Self.later(node))]), by: node, to: world)
        try await expectStopsNamingTheChange(world, device: 1, syncID: card.syncID)
    }

    @Test func anInsertWithAValueOfAnotherKindStopsTheDownloadNamingTheChangeAndTheServer() async throws {
        let world = try SyncWorld(devices: 2, serverChecksSchema: false)
        let syncID = UUID(), node = UUID()
        try await Self.uploadUnchecked(SyncChange(entityName: "SyncCard", syncID: syncID, kind: .insert,
                                                  values: ["front": SyncStampedValue(.text("b"), at: Self.later(node)),
                                                           "score": SyncStampedValue(.text("lots"), at: Self.later(node))]), by: node, to: world)
        try await expectStopsNamingTheChange(world, device: 1, syncID: syncID)
    }
}
