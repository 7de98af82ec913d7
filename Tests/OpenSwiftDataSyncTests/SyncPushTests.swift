import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// What a push builds from the store's history since the last upload.
@Suite struct SyncPushTests {
    func uploaded(_ world: SyncWorld) async throws -> [SyncChange] {
        try await world.server.download(SyncDownloadRequest(account: world.account, device: UUID(), schemaVersion: "1.0.0",
                                                            cursor: 0, limit: 10_000), signedInAs: world.account).changes
    }

    @Test("models made and deleted between two syncs are not uploaded, and the others keep the order they were made in")
    func modelsMadeAndDeletedAreNotUploaded() async throws {
        let world = try SyncWorld(devices: 1)
        let container = world.devices[0].container
        try container.edit { context in
            for index in 0..<40 { context.insert(SyncCard(front: "card \(index)")) }
        }
        try container.edit { context in
            for card in try context.fetch(FetchDescriptor<SyncCard>()) where card.front.hasSuffix("0") || card.front.hasSuffix("5") {
                context.delete(card)
            }
        }
        try await world.devices[0].client.syncOnce()
        let fronts = try await uploaded(world).compactMap { change -> String? in
            if case .text(let front) = change.values["front"]?.value { return front }
            return nil
        }
        let kept = (0..<40).filter { $0 % 5 != 0 }.map { "card \($0)" }
        #expect(fronts == kept)
    }
}
