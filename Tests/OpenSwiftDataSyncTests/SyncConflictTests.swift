import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// The conflict rule, case by case (the Sync article states it).
@Suite struct SyncConflictTests {
    /// Lets the wall clock move on, so that the next write is later by the clock.
    func later() async throws { try await Task.sleep(for: .milliseconds(5)) }

    func card(_ container: ModelContainer, _ front: String, in context: ModelContext) throws -> SyncCard? {
        try context.fetch(FetchDescriptor<SyncCard>(predicate: #Predicate { $0.front == front })).first
    }

    @Test("each property keeps the later write: two devices editing different properties both keep theirs")
    func laterWriteWinsPropertyByProperty() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncCard(front: "q", score: 1)) }
        try await world.syncAll()

        try a.container.edit { context in
            let card = try #require(try context.fetch(FetchDescriptor<SyncCard>()).first)
            card.front = "from A"
            card.score = 10
        }
        try await later()
        try b.container.edit { context in
            try #require(try context.fetch(FetchDescriptor<SyncCard>()).first).front = "from B"
        }
        // A uploads first and B last: the later write (B's front) wins whatever the order.
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try await world.syncAll()
        for device in world.devices {
            let cards = try device.container.all(SyncCard.self)
            #expect(cards.map(\.front) == ["from B"])
            #expect(cards.map(\.score) == [10])
        }
        #expect(try await world.devices[0].client.currentState() == world.serverState())
    }

    @Test("the later write wins even when it reaches the server first")
    func laterWriteWinsUploadedFirst() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncCard(front: "q")) }
        try await world.syncAll()
        try a.container.edit { try #require(try $0.fetch(FetchDescriptor<SyncCard>()).first).front = "earlier" }
        try await later()
        try b.container.edit { try #require(try $0.fetch(FetchDescriptor<SyncCard>()).first).front = "later" }
        // A's clock stamps its write when A next syncs, from the save's time: A's write stays the earlier.
        try await b.client.syncOnce()
        try await a.client.syncOnce()
        try await world.syncAll()
        for device in world.devices {
            #expect(try device.container.all(SyncCard.self).map(\.front) == ["later"])
        }
        let server = try await world.serverState()
        #expect(server.map { $0.values["front"] } == [.text("later")])
    }

    @Test("a delete wins over a concurrent update, even a later one")
    func deleteWinsOverUpdate() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncCard(front: "doomed")) }
        try await world.syncAll()
        try a.container.edit { context in
            try context.fetch(FetchDescriptor<SyncCard>()).forEach(context.delete)
        }
        try await later()
        try b.container.edit { try #require(try $0.fetch(FetchDescriptor<SyncCard>()).first).score = 99 }
        try await world.syncAll()
        for device in world.devices { #expect(try device.container.all(SyncCard.self).isEmpty) }
        #expect(try await world.serverState().isEmpty)
    }

    @Test("a to-many edited on two devices: the later order wins, and a member only the other added follows it")
    func toManyOrderKept() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            let deck = SyncDeck(title: "d")
            context.insert(deck)
            deck.cards = [SyncCard(front: "1"), SyncCard(front: "2"), SyncCard(front: "3")]
        }
        try await world.syncAll()
        try a.container.edit { context in
            let deck = try #require(try context.fetch(FetchDescriptor<SyncDeck>()).first)
            deck.cards.append(SyncCard(front: "from A"))
        }
        try await later()
        try b.container.edit { context in
            let deck = try #require(try context.fetch(FetchDescriptor<SyncDeck>()).first)
            deck.cards = [deck.cards[2], deck.cards[0], deck.cards[1]]
        }
        try await world.syncAll()
        for device in world.devices {
            let deck = try #require(try device.container.all(SyncDeck.self).first)
            #expect(deck.cards.map(\.front) == ["3", "1", "2", "from A"])
        }
        #expect(try await a.client.currentState() == world.serverState())
        #expect(try await b.client.currentState() == world.serverState())
    }

    @Test("one unique key inserted on two devices becomes one model, each property the later write, relationships kept")
    func uniqueKeyInsertedTwiceBecomesOne() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            let tag = SyncTag(name: "red", color: 1)
            context.insert(tag)
            context.insert(SyncCard(front: "a's card", tag: tag))
        }
        try await later()
        try b.container.edit { context in
            let tag = SyncTag(name: "red", color: 2)
            context.insert(tag)
            context.insert(SyncCard(front: "b's card", tag: tag))
        }
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try await world.syncAll()
        var tagIDs: Set<UUID> = []
        for device in world.devices {
            let tags = try device.container.all(SyncTag.self)
            #expect(tags.map(\.name) == ["red"])
            #expect(tags.map(\.color) == [2])
            #expect(tags.first.map { $0.cards.map(\.front).sorted() } == ["a's card", "b's card"])
            tagIDs.formUnion(try await device.client.currentState().filter { $0.entityName == "SyncTag" }.map(\.syncID))
        }
        #expect(tagIDs.count == 1)
        #expect(try await a.client.currentState() == world.serverState())
        #expect(try await b.client.currentState() == world.serverState())
    }

    /// Two devices holding a deck of two cards, synced; then the first deletes the deck while
    /// the second adds a card to it, neither synced since.
    private func deckDeletedWhileACardIsAdded() async throws -> SyncWorld {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            let deck = SyncDeck(title: "d")
            context.insert(deck)
            deck.cards = [SyncCard(front: "1"), SyncCard(front: "2")]
        }
        try await world.syncAll()
        try a.container.edit { context in try context.fetch(FetchDescriptor<SyncDeck>()).forEach(context.delete) }
        try b.container.edit { context in
            let deck = try #require(try context.fetch(FetchDescriptor<SyncDeck>()).first)
            deck.cards.append(SyncCard(front: "added on B"))
        }
        return world
    }

    @Test("a remote delete applies the delete rules: cascade deletes the members everywhere, even one added meanwhile")
    func remoteDeleteCascades() async throws {
        let world = try await deckDeletedWhileACardIsAdded()
        try await world.syncAll(rounds: 3)
        for device in world.devices {
            #expect(try device.container.all(SyncDeck.self).isEmpty)
            #expect(try device.container.all(SyncCard.self).isEmpty)
        }
        #expect(try await world.serverState().isEmpty)
    }

    @Test("what a download's cascade took away is sent at the same sync: the devices agree once each has synced")
    func cascadeOfADownloadIsSentAtTheSameSync() async throws {
        let world = try await deckDeletedWhileACardIsAdded()
        let (a, b) = (world.devices[0], world.devices[1])
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try await a.client.syncOnce()
        #expect(try a.container.all(SyncCard.self).isEmpty)
        #expect(try b.container.all(SyncCard.self).isEmpty)
        #expect(try await world.serverState().isEmpty)
    }

    @Test("a remote delete applies the delete rules: nullify leaves the members without it")
    func remoteDeleteNullifies() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            let tag = SyncTag(name: "blue")
            context.insert(tag)
            context.insert(SyncCard(front: "tagged", tag: tag))
        }
        try await world.syncAll()
        try a.container.edit { context in try context.fetch(FetchDescriptor<SyncTag>()).forEach(context.delete) }
        try await world.syncAll()
        let cards = try b.container.all(SyncCard.self)
        #expect(cards.map(\.front) == ["tagged"])
        #expect(cards.first?.tag == nil)
        #expect(try b.container.all(SyncTag.self).isEmpty)
        #expect(try await b.client.currentState() == world.serverState())
    }
}

@Suite struct SyncUniqueKeyReuseTests {
    @Test("a unique key freed by a delete and taken by a new model in one upload makes the new model, not a merge")
    func keyReusedAfterDelete() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncTag(name: "red", color: 1)) }
        try await a.client.syncOnce()
        try a.container.edit { context in try context.fetch(FetchDescriptor<SyncTag>()).forEach(context.delete) }
        try a.container.edit { $0.insert(SyncTag(name: "red", color: 2)) }
        try await world.syncAll()
        for device in [a, b] {
            #expect(try device.container.all(SyncTag.self).map(\.color) == [2])
        }
        let server = try await world.serverState()
        #expect(server.map { $0.values["color"] } == [.integer(2)])
        #expect(try await a.client.currentState() == server)
    }
}
