import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// An owner of thousands of members (cards imported, then brought to an event; a wallet card
/// of thousands of benefits): each member's push read every member of the owner again, so
/// the push took time growing with their square (2,000 cards brought to one event: 40 s).
@Suite(.serialized) struct SyncPushScaleTests {
    /// How long the first push of a label holding `count` notes, saved before it, takes.
    func pushTime(ofALabelHolding count: Int) async throws -> Duration {
        let world = try SyncWorld(devices: 1, models: syncPairedTestModels)
        let device = world.devices[0]
        try device.container.edit { context in
            for index in 0..<count { context.insert(SyncNote(text: "note \(index)")) }
        }
        try device.container.edit { context in
            let label = SyncLabel(name: "all")
            context.insert(label)
            label.notes = try context.fetch(FetchDescriptor<SyncNote>())
        }
        return try await ContinuousClock().measure { try await device.client.syncOnce() }
    }

    @Test func aPushOfAnOwnerOfThousandsOfMembersSavedBeforeItTakesTimeGrowingWithTheirNumberNotItsSquare() async throws {
        let few = try await pushTime(ofALabelHolding: 250)
        let many = try await pushTime(ofALabelHolding: 2_000)
        // Eight times the members: eight times the time or less, where it was sixty-four.
        #expect(many < few * 24, "250 members: \(few), 2,000 members: \(many)")
    }

    /// How long the first push of a deck made with `count` cards in one save takes.
    func pushTime(ofADeckOf count: Int) async throws -> Duration {
        let world = try SyncWorld(devices: 1)
        let device = world.devices[0]
        try device.container.edit { context in
            let deck = SyncDeck(title: "all")
            context.insert(deck)
            for index in 0..<count { context.insert(SyncCard(front: "card \(index)", deck: deck)) }
        }
        return try await ContinuousClock().measure { try await device.client.syncOnce() }
    }

    @Test func aPushOfADeckOfThousandsOfCardsTakesTimeGrowingWithTheirNumberNotItsSquare() async throws {
        let few = try await pushTime(ofADeckOf: 250)
        let many = try await pushTime(ofADeckOf: 2_000)
        // Eight times the members: eight times the time or less, where it was sixty-four.
        #expect(many < few * 24, "250 cards: \(few), 2,000 cards: \(many)")
    }
}
