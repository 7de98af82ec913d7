import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// Owners of thousands of members (cards imported, then brought to an event; a wallet card
/// of thousands of benefits) reach another device whole. Each member's push once read every
/// member of the owner again, a time growing with the square of them (2,000 cards brought to
/// one event: 40 s); how the time grows is measured by W13's CardShow Pro sync of a show's
/// cards, each sold there (BENCHMARKS.md, session 44), not here.
@Suite(.serialized) struct SyncPushScaleTests {
    static let members = 2_000

    @Test func aLabelOfThousandsOfNotesSavedBeforeItReachesAnotherDeviceWithEveryNote() async throws {
        let world = try SyncWorld(devices: 2, models: syncPairedTestModels)
        try world.devices[0].container.edit { context in
            for index in 0..<Self.members { context.insert(SyncNote(text: "note \(index)")) }
        }
        try world.devices[0].container.edit { context in
            let label = SyncLabel(name: "all")
            context.insert(label)
            label.notes = try context.fetch(FetchDescriptor<SyncNote>())
        }
        try await world.syncAll(rounds: 1)
        let labels = try world.devices[1].container.all(SyncLabel.self)
        #expect(labels.map(\.notes.count) == [Self.members])
    }

    @Test func aDeckOfThousandsOfCardsMadeInOneSaveReachesAnotherDeviceWithEveryCard() async throws {
        let world = try SyncWorld(devices: 2)
        try world.devices[0].container.edit { context in
            let deck = SyncDeck(title: "all")
            context.insert(deck)
            for index in 0..<Self.members { context.insert(SyncCard(front: "card \(index)", deck: deck)) }
        }
        try await world.syncAll(rounds: 1)
        let decks = try world.devices[1].container.all(SyncDeck.self)
        #expect(decks.map(\.cards.count) == [Self.members])
    }
}
