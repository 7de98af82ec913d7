import Testing
@testable import GetDiced

@Suite("The seed's query patterns")
struct QueryPatternTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
    }

    @Test func cardsInAFolderComeByNameWithTheirQuantities() throws {
        let folders = FolderService(database: database)
        try folders.add([TestCatalog.slashGordon.dbUUID], quantity: 2, to: "owned")
        try folders.add([TestCatalog.entrance.dbUUID, TestCatalog.flipGordon.dbUUID], to: "owned")
        try folders.add([TestCatalog.trio.dbUUID], to: "wanted")
        let entries = try database.cardsInFolder("owned")
        #expect(entries.map(\.card.name) == ["Flip Gordon", "Grand Entrance", "Slash Gordon (V1)"])
        #expect(entries.map(\.quantity) == [1, 1, 2])
    }

    @Test func aDecksCardsComeInSlotOrder() throws {
        let decks = DeckService(database: database)
        let deck = try decks.createDeck(named: "Test")
        try decks.place(TestCatalog.twinA.dbUUID, in: deck.id, slot: .alternate)
        try decks.place(TestCatalog.gordonFinish.dbUUID, in: deck.id, slot: .finish)
        try decks.place(TestCatalog.mainDeck[9].dbUUID, in: deck.id, slot: .deck)
        try decks.place(TestCatalog.mainDeck[1].dbUUID, in: deck.id, slot: .deck)
        try decks.place(TestCatalog.flipGordon.dbUUID, in: deck.id, slot: .competitor)
        try decks.place(TestCatalog.entrance.dbUUID, in: deck.id, slot: .entrance)
        let order = try database.cardsInDeck(deck.id).map { "\($0.slotType) \($0.slotNumber) \($0.card.name)" }
        #expect(order == [
            "ENTRANCE 0 Grand Entrance", "COMPETITOR 0 Flip Gordon", "DECK 2 Move 2", "DECK 10 Move 10",
            "FINISH 0 Gordon Gainer", "ALTERNATE 0 Twin Slam",
        ])
    }

    @Test func decksComeByNameWithTheirCardCounts() throws {
        let decks = DeckService(database: database)
        let zed = try decks.createDeck(named: "Zed")
        _ = try decks.createDeck(named: "Alpha")
        _ = try decks.createDeck(named: "Tagged", inFolder: "tag")
        try decks.place(TestCatalog.entrance.dbUUID, in: zed.id, slot: .entrance)
        try decks.place(TestCatalog.flipGordon.dbUUID, in: zed.id, slot: .competitor)
        let summaries = try database.decksWithCardCount(inFolder: "singles")
        #expect(summaries.map(\.deck.name) == ["Alpha", "Zed"])
        #expect(summaries.map(\.cardCount) == [0, 2])
    }

    @Test func relatedFinishesGoFromACardToItsFinishes() throws {
        let names = try database.relatedFinishes(of: TestCatalog.flipGordon.dbUUID).map(\.name)
        #expect(names == ["Gordon Gainer", "Move 30"])
    }

    @Test func relatedFinishesGoFromAFinishBackToItsCards() throws {
        let names = try database.cards(withFinish: TestCatalog.gordonFinish.dbUUID).map(\.name)
        #expect(names == ["Flip Gordon"])
    }

    @Test func relatedCardsGoBothWays() throws {
        let outgoing = try database.relatedCards(of: TestCatalog.gordonFinish.dbUUID).map(\.name)
        let incoming = try database.cards(relatedTo: TestCatalog.flipGordon.dbUUID).map(\.name)
        #expect(outgoing == ["Flip Gordon"])
        #expect(incoming == ["Gordon Gainer", "Slash Gordon (V1)"])
    }

    @Test func cardDetailsGatherEveryRelation() throws {
        let details = try database.details(of: TestCatalog.flipGordon)
        #expect(details.relatedFinishes.count == 2)
        #expect(details.finishOf.isEmpty)
        #expect(details.relatedCards.isEmpty)
        #expect(details.relatedFrom.count == 2)
    }
}
