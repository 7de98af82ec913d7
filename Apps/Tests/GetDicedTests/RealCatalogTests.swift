import Foundation
import GRDB
import Testing
@testable import GetDiced

/// Against the bundled catalog `cards_initial.db`, which lives outside the repository.
@Suite(
    "The real catalog",
    // CI and the development machines keep it in ../shared/data/ beside the clone;
    // elsewhere these tests cannot run.
    .enabled(if: RealCatalog.isAvailable, "no real catalog at \(RealCatalog.path); set GETDICED_CATALOG or add ../shared/data/")
)
struct RealCatalogTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: RealCatalog.path)
    }

    @Test func initialisationYieldsTheDocumentedCounts() throws {
        let summary = try database.summary()
        #expect(summary.cards == 3923)
        #expect(summary.folders == 3)
        #expect(summary.deckFolders == 4)
        #expect(summary.decks == 0)
        #expect(summary.folderCards == 0)
        #expect(summary.userVersion == 4)
        #expect(summary.relatedFinishes == 973)
        #expect(summary.relatedCards == 498)
    }

    @Test func searchingGordonFindsExactlyItsFourCards() throws {
        let names = try database.searchCards(CardSearch(text: "gordon")).map(\.name)
        #expect(Set(names) == ["Flip Gordon", "The Mercenary Flip Gordon", "Slash Gordon (V1)", "Slash Gordon (V2)"])
        #expect(names.count == 4)
        #expect(try database.searchCards(CardSearch(text: "GORDON")).map(\.name) == names)
    }

    @Test func aNameTypedWithoutTheQuotationMarksThatArePartOfItIsToldToGiveThem() throws {
        // The catalog names three cards in quotation marks ("Weather Balloon"), which a shell
        // takes away from `getdiced show "Weather Balloon"`.
        do {
            _ = try database.resolveCard("Weather Balloon")
            Issue.record("the card was found")
        } catch {
            #expect("\(error)" == #"No card named 'Weather Balloon' in the catalog, but one is named "Weather Balloon", "#
                + #"in quotation marks that are part of its name: give them too (in a shell, '"Weather Balloon"')."#)
        }
        #expect(try database.resolveCard(#""Weather Balloon""#).name == #""Weather Balloon""#)
    }

    @Test func aDeckListLineNamingACardWithoutTheQuotationMarksThatArePartOfItIsToldToWriteThem() throws {
        let list = try DeckList.parse("Name: Q\nDeck 29: Weather Balloon")
        do {
            _ = try DeckService(database: database).importDeckList(list)
            Issue.record("the deck was imported")
        } catch {
            #expect(error as? GetDicedError == .unresolvedDeckList([
                #"line 2 (Deck 29): no card named 'Weather Balloon' in the catalog, but one is named "Weather Balloon", "#
                    + "in quotation marks that are part of its name: write them too",
            ]), "\(error)")
        }
        #expect(try database.summary().decks == 0)
    }

    @Test func cardTypesTheDocumentDoesNotListReadBackUnchanged() throws {
        let spectacles = try database.searchCards(CardSearch(cardType: .spectacle, limit: 1000))
        let trios = try database.searchCards(CardSearch(cardType: .trioCompetitor, limit: 1000))
        #expect(spectacles.count == 35)
        #expect(trios.count == 52)
        let unknown = try database.read { db in
            try Card.fetchAll(db).filter { !$0.cardType.isKnown }
        }
        #expect(unknown.isEmpty)
    }

    @Test func everyCardRoundTripsThroughItsModel() throws {
        let (cards, rows) = try database.read { db in
            (try Card.fetchAll(db, sql: "SELECT * FROM cards ORDER BY db_uuid"),
             try Row.fetchAll(db, sql: "SELECT * FROM cards ORDER BY db_uuid"))
        }
        let copy = try DatabaseQueue()
        try copy.write { db in
            try db.execute(sql: Schema.cards)
            for card in cards { try card.insert(db) }
        }
        let copiedRows = try copy.read { try Row.fetchAll($0, sql: "SELECT * FROM cards ORDER BY db_uuid") }
        #expect(copiedRows == rows)
    }

    @Test func aFullSinglesDeckBuildsAndValidates() throws {
        let decks = DeckService(database: database)
        let deck = try decks.createDeck(named: "Real Singles")
        let competitor = try database.resolveCard("Flip Gordon")
        let entrance = try #require(try database.searchCards(CardSearch(cardType: .entrance, limit: 1)).first)
        try decks.place(entrance.dbUUID, in: deck.id, slot: .entrance)
        try decks.place(competitor.dbUUID, in: deck.id, slot: .competitor)
        for number in 1...30 {
            let card = try #require(try database.read { db in
                try Card.fetchOne(db, sql: """
                    SELECT * FROM cards WHERE card_type = 'MainDeckCard' AND deck_card_number = ? AND is_banned = 0
                    ORDER BY name LIMIT 1
                    """, arguments: [number])
            })
            try decks.place(card.dbUUID, in: deck.id, slot: .deck)
        }
        let finish = try #require(try database.searchCards(CardSearch(text: "", limit: 3923)).first { $0.playOrder == .finish })
        try decks.place(finish.dbUUID, in: deck.id, slot: .finish)

        let report = try decks.validate(deck.id)
        #expect(report.violations == [])
        #expect(try database.cardsInDeck(deck.id).count == 33)

        let text = try decks.exportDeckList(deck.id).render()
        let copy = try decks.importDeckList(try DeckList.parse(text), name: "Real Copy")
        #expect(copy.placed.map(\.cardUUID) == (try database.cardsInDeck(deck.id).map(\.card.dbUUID)))
        #expect(try decks.validate(copy.deck.id).isValid)
    }

    @Test func namesSharedByTwoCardsExportWithTheirIDAndImportBack() throws {
        let decks = DeckService(database: database)
        let twins = try database.cards(named: "It's the Back Claw!")
        #expect(twins.count == 2)
        let deck = try decks.createDeck(named: "Twins")
        try decks.place(twins[1].dbUUID, in: deck.id, slot: .deck)
        let list = try DeckList.parse(try decks.exportDeckList(deck.id).render())
        let copy = try decks.importDeckList(list, name: "Twins Copy")
        #expect(copy.placed.map(\.cardUUID) == [twins[1].dbUUID])
    }

    @Test func aSyncFromAModifiedCatalogKeepsEveryUserRow() throws {
        let folders = FolderService(database: database)
        let decks = DeckService(database: database)
        let flip = try database.resolveCard("Flip Gordon")
        let slash = try database.resolveCard("Slash Gordon (V1)")
        try folders.createFolder(named: "Binder")
        try folders.add([flip.dbUUID, slash.dbUUID], quantity: 2, to: "owned")
        try folders.add([flip.dbUUID], to: "Binder")
        let deck = try decks.createDeck(named: "Gordon")
        try decks.place(flip.dbUUID, in: deck.id, slot: .competitor)
        try decks.place(slash.dbUUID, in: deck.id, slot: .alternate)
        let before = try database.summary()

        // The modified catalog: Flip Gordon gone, one card renamed, one added.
        let modified = directory.file("modified.db")
        let queue = try RealCatalog.copy(to: modified)
        try queue.write { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "DELETE FROM cards WHERE db_uuid = ?", arguments: [flip.dbUUID])
            try db.execute(sql: "UPDATE cards SET name = 'Slash Gordon (Version 1)' WHERE db_uuid = ?", arguments: [slash.dbUUID])
            try Card(dbUUID: "new-card", name: "Newest Card", cardType: .entrance, syncedAt: Timestamp.now()).insert(db)
        }
        try queue.close()

        let report = try CatalogSync(database: database).sync(fromCatalog: modified)
        let after = try database.summary()
        #expect(after.folders == before.folders)
        #expect(after.folderCards == before.folderCards)
        #expect(after.decks == before.decks)
        #expect(after.deckCards == before.deckCards)
        #expect(after.cards == 3923)
        #expect(report.cardsAdded == 1)
        #expect(report.cardsRemoved == 1)
        #expect(report.missingCards.map(\.cardName) == ["Flip Gordon", "Flip Gordon", "Flip Gordon"])
        #expect(try database.card(uuid: slash.dbUUID)?.name == "Slash Gordon (Version 1)")
    }
}
