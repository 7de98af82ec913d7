import Testing
@testable import GetDiced

/// Card names ignore case as the names of folders and decks do: beyond ASCII letters, and
/// whichever way an accent is typed. SQLite's `NOCASE` folded "E" and "e" but not "É" and "é".
@Suite("Card names compared ignoring the case of every letter")
struct CardNameCaseTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase
    let decks: DeckService

    static let touche = Card(
        dbUUID: TestCatalog.id(300), name: "En Garde Touché", cardType: .mainDeck, deckCardNumber: 14,
        attackType: .strike, playOrder: .lead, syncedAt: TestCatalog.now)
    static let elan = Card(
        dbUUID: TestCatalog.id(301), name: "élan", cardType: .mainDeck, deckCardNumber: 29,
        attackType: .grapple, playOrder: .finish, syncedAt: TestCatalog.now)
    static let elanShouted = Card(
        dbUUID: TestCatalog.id(302), name: "ÉLAN", cardType: .mainDeck, deckCardNumber: 29,
        attackType: .grapple, playOrder: .finish, syncedAt: TestCatalog.now)

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
        decks = DeckService(database: database)
        try database.write { db in
            for card in [Self.touche, Self.elan, Self.elanShouted] { try card.insert(db) }
        }
    }

    @Test func searchFindsANameWhoseAccentedLettersAreTypedInTheOtherCase() throws {
        #expect(try database.searchCards(CardSearch(text: "TOUCHÉ")).map(\.name) == ["En Garde Touché"])
        #expect(try database.searchCards(CardSearch(text: "touche\u{301}")).map(\.name) == ["En Garde Touché"])
    }

    @Test(arguments: ["EN GARDE TOUCHÉ", "En Garde Touche\u{301}"])
    func aCardIsFoundByItsNameWithAccentedLettersInTheOtherCaseOrTypedApart(name: String) throws {
        #expect(try database.resolveCard(name) == Self.touche)
    }

    static func card(_ number: Int, named name: String) -> Card {
        Card(dbUUID: TestCatalog.id(number), name: name, cardType: .mainDeck, deckCardNumber: 30,
             attackType: .strike, playOrder: .lead, syncedAt: TestCatalog.now)
    }

    @Test func aCardWhoseNameFoldsToASCIIIsFoundByTheNameTypedInASCII() throws {
        let strasse = Self.card(303, named: "Straße")
        try database.write { try strasse.insert($0) }
        #expect(try database.resolveCard("STRASSE") == strasse)
    }

    @Test func aNameInASCIIAndOneBeyondItThatFoldAlikeAreBothTheCardsOfThatName() throws {
        let plain = Self.card(303, named: "Strasse")
        let sharp = Self.card(304, named: "Straße")
        try database.write { db in
            try plain.insert(db)
            try sharp.insert(db)
        }
        #expect(try database.cards(named: "strasse") == [plain, sharp])
    }

    @Test func aDeckListNamingACardWithAccentedLettersInTheOtherCaseImportsIt() throws {
        let result = try decks.importDeckList(try DeckList.parse("Name: Fencing\nDeck 14: EN GARDE TOUCHÉ"))
        #expect(result.placed.map(\.cardUUID) == [Self.touche.dbUUID])
    }

    @Test func anExportWritesTheIDOfACardAnotherCardSharesTheNameOfInAnotherCase() throws {
        let deck = try decks.createDeck(named: "D")
        try decks.place(Self.elanShouted.dbUUID, in: deck.id, slot: .finish)
        let text = try decks.exportDeckList(deck.id).render()
        let copy = try decks.importDeckList(try DeckList.parse(text), name: "Copy")
        #expect(copy.placed.map(\.cardUUID) == [Self.elanShouted.dbUUID])
        #expect(text.contains(Self.elanShouted.dbUUID))
    }
}
