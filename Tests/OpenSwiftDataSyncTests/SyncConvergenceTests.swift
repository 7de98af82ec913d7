import Foundation
import OpenSwiftData
import struct QueryOracle.SeededGenerator
import Testing
@testable import OpenSwiftDataSync

/// Three devices make random offline edits and sync in random orders; once each has
/// synced after the last edit, every device and the server hold the same models.
@Suite struct SyncConvergenceTests {
    static let tagNames = ["red", "green", "blue"]

    /// One random edit on a device, in a context of the app's own.
    func randomEdit(_ container: ModelContainer, _ random: inout SeededGenerator) throws {
        let context = ModelContext(container)
        let decks = try context.fetch(FetchDescriptor<SyncDeck>(sortBy: [SortDescriptor(\.title)]))
        let cards = try context.fetch(FetchDescriptor<SyncCard>(sortBy: [SortDescriptor(\.front)]))
        let tags = try context.fetch(FetchDescriptor<SyncTag>(sortBy: [SortDescriptor(\.name)]))
        let word = "w\(Int.random(in: 0..<1000, using: &random))"
        // Weighted so that stores grow: inserts and edits are more likely than deletes.
        switch random.index(weighted: [3, 6, 3, 2, 3, 3, 1, 1, 3, 2, 3, 1, 2]) {
        case 0:
            context.insert(SyncDeck(title: word))
        case 1:
            let card = SyncCard(front: word, score: Int.random(in: 0..<10, using: &random))
            context.insert(card)
            card.deck = decks.randomElement(using: &random)
            card.tag = tags.randomElement(using: &random)
        case 2:
            guard let card = cards.randomElement(using: &random) else { return }
            if Bool.random(using: &random) { card.front = word } else { card.score = Int.random(in: 0..<10, using: &random) }
        case 3:
            decks.randomElement(using: &random)?.title = word
        case 4:
            cards.randomElement(using: &random)?.deck = Bool.random(using: &random) ? decks.randomElement(using: &random) : nil
        case 5:
            guard let deck = decks.randomElement(using: &random), deck.cards.count > 1 else { return }
            deck.cards = deck.cards.shuffled(using: &random)
        case 6:
            if let card = cards.randomElement(using: &random) { context.delete(card) }
        case 7:
            if let deck = decks.randomElement(using: &random) { context.delete(deck) }
        case 8:
            // Names from a small set: devices insert the same name often.
            context.insert(SyncTag(name: Self.tagNames.randomElement(using: &random) ?? "red", color: Int.random(in: 0..<5, using: &random)))
        case 9:
            tags.randomElement(using: &random)?.color = Int.random(in: 0..<5, using: &random)
        case 10:
            cards.randomElement(using: &random)?.tag = tags.randomElement(using: &random)
        case 11:
            if let tag = tags.randomElement(using: &random) { context.delete(tag) }
        default:
            // A rename to a name no tag here has (the store refuses one another has), which
            // a tag on another device may have taken meanwhile.
            let free = Self.tagNames.filter { name in !tags.contains { $0.name == name } }
            if let tag = tags.randomElement(using: &random), let name = free.randomElement(using: &random) { tag.name = name }
        }
        try context.save()
    }

    func converges(seed: UInt64, edits: Int) async throws {
        var random = SeededGenerator(seed: seed)
        let world = try SyncWorld(devices: 3)
        try await world.runRandomly(edits: edits, random: &random, edit: randomEdit)
        let server = try await world.expectEveryDeviceMatchesServer("seed \(seed): ")
        for (index, device) in world.devices.enumerated() {
            // Every model on the device is one sync knows: nothing was left out.
            let counts = [try device.container.all(SyncDeck.self).count, try device.container.all(SyncCard.self).count,
                          try device.container.all(SyncTag.self).count]
            let synced = ["SyncDeck", "SyncCard", "SyncTag"].map { name in server.filter { $0.entityName == name }.count }
            #expect(counts == synced, "seed \(seed): device \(index) holds models sync does not know")
        }
    }

    @Test("three devices with random offline edits and random sync orders end in the same state as the server",
          arguments: 0..<24)
    func threeDevicesConverge(run: Int) async throws {
        let seed = UInt64(run) &* 7919 &+ 20_261_202
        try await converges(seed: seed, edits: 200)
    }
}
