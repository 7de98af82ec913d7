import Testing
@testable import GetDiced

@Suite("Reading and writing deck lists")
struct DeckListTests {
    static let sample = """
        # My deck
        Name: Gordon Singles
        Format: Singles
        Spectacle: NEWMAN

        Entrance: Grand Entrance
        Competitor: Flip Gordon
        Deck 1: Move 1
        Deck 29: Twin Slam [\(TestCatalog.twinB.dbUUID)]
        Finish: Gordon Gainer
        Alternate: 2:10 to Albany
        """

    @Test func readsHeaderAndCardLines() throws {
        let list = try DeckList.parse(Self.sample)
        #expect(list.name == "Gordon Singles")
        #expect(list.format == .singles)
        #expect(list.spectacleType == .newman)
        #expect(list.entries.map(\.slotLabel) == ["Entrance", "Competitor", "Deck 1", "Deck 29", "Finish", "Alternate"])
        #expect(list.entries.map(\.line) == [6, 7, 8, 9, 10, 11])
    }

    @Test func readsAnIDInBracketsAfterTheName() throws {
        let entry = try DeckList.parse(Self.sample).entries[3]
        #expect(entry.cardName == "Twin Slam")
        #expect(entry.cardUUID == TestCatalog.twinB.dbUUID)
        #expect(entry.slotNumber == 29)
    }

    @Test func keepsColonsInsideCardNames() throws {
        #expect(try DeckList.parse(Self.sample).entries[5].cardName == "2:10 to Albany")
    }

    @Test func labelsIgnoreCaseAndWindowsLineEnds() throws {
        let list = try DeckList.parse("name: X\r\nDECK 3: Move 3\r\nfinish: Gordon Gainer\r\n")
        #expect(list.name == "X")
        #expect(list.entries.map(\.slotLabel) == ["Deck 3", "Finish"])
    }

    @Test func renderingThenParsingGivesTheSameList() throws {
        let list = try DeckList.parse(Self.sample)
        #expect(try DeckList.parse(list.render()) == DeckList(
            name: list.name, format: list.format, spectacleType: list.spectacleType,
            entries: list.entries.enumerated().map { index, entry in
                var moved = entry
                moved.line = index + 5  // the header takes the first four lines
                return moved
            }))
    }

    @Test func rendersOneLabelledLinePerCard() {
        let list = DeckList(name: "X", format: .tag, spectacleType: .valiant, entries: [
            .init(slotType: .competitor, cardName: "Flip Gordon"),
            .init(slotType: .deck, slotNumber: 4, cardName: "", cardUUID: "abcdef0123456789"),
        ])
        #expect(list.render() == """
            # Get Diced deck list
            Name: X
            Format: Tag
            Spectacle: VALIANT
            Competitor: Flip Gordon
            Deck 4: [abcdef0123456789]

            """)
    }

    @Test(arguments: [
        ("Name X", 1, "expected 'Label: value'"),
        ("Name: X\nSideboard: Move 1", 2, "unknown label 'Sideboard'"),
        ("Name: X\nDeck: Move 1", 2, "needs a slot number"),
        ("Name: X\nDeck 31: Move 1", 2, "not between 1 and 30"),
        ("Name: X\nDeck 2: Move 2\nDeck 2: Move 2", 3, "deck slot 2 appears twice"),
        ("Name: X\nFormat: Royal Rumble", 2, "unknown format 'Royal Rumble'"),
        ("Name: X\nSpectacle: Valient", 2, "unknown spectacle type 'Valient'"),
        ("Name: X\nEntrance: A\nEntrance: B", 3, "a second 'Entrance:'"),
        ("Name: X\nName: Y", 2, "a second 'Name:'"),
        ("Name: X\nFinish:", 2, "has no value"),
        ("Name: X\n" + String(repeating: "Competitor: Flip Gordon\n", count: 5), 6, "at most 4 competitors"),
    ])
    func aMalformedLineIsReportedWithItsNumber(text: String, line: Int, reason: String) {
        #expect {
            try DeckList.parse(text)
        } throws: { error in
            guard case .malformedDeckList(let at, let message) = error as? GetDicedError else { return false }
            return at == line && message.contains(reason)
        }
    }

    @Test func anEmptyTextIsNotADeckList() {
        #expect(throws: GetDicedError.malformedDeckList(line: nil, reason: "it has no 'Name:' line and no cards")) {
            try DeckList.parse("\n# nothing here\n")
        }
    }
}

@Suite("Exporting and importing decks")
struct DeckListTransferTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase
    let decks: DeckService

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
        decks = DeckService(database: database)
    }

    @Test func exportsEverySlotInOrder() throws {
        let deck = try TestCatalog.buildSinglesDeck(in: database)
        let lines = try decks.exportDeckList(deck.id).render().split(separator: "\n")
        #expect(lines.count == 4 + 34)
        #expect(lines[1...6] == [
            "Name: Gordon Singles", "Format: Singles", "Spectacle: VALIANT", "Entrance: Grand Entrance",
            "Competitor: Flip Gordon", "Deck 1: Move 1",
        ])
        #expect(lines.suffix(2) == ["Finish: Gordon Gainer", "Alternate: Calls for the Bell"])
    }

    @Test func anExportedDeckImportsBackToTheSameSlots() throws {
        let deck = try TestCatalog.buildSinglesDeck(in: database)
        try decks.place(TestCatalog.twinB.dbUUID, in: deck.id, slot: .alternate)
        let text = try decks.exportDeckList(deck.id).render()
        let result = try decks.importDeckList(try DeckList.parse(text), name: "Copy")
        let original = try database.cardsInDeck(deck.id).map { "\($0.slotType) \($0.slotNumber) \($0.card.dbUUID)" }
        let copy = try database.cardsInDeck(result.deck.id).map { "\($0.slotType) \($0.slotNumber) \($0.card.dbUUID)" }
        #expect(copy == original)
        #expect(try decks.validate("Copy").isValid)
    }

    @Test func exportAddsTheIDOnlyForSharedNames() throws {
        let deck = try decks.createDeck(named: "D")
        try decks.place(TestCatalog.twinB.dbUUID, in: deck.id, slot: .finish)
        try decks.place(TestCatalog.gordonFinish.dbUUID, in: deck.id, slot: .finish)
        let entries = try decks.exportDeckList(deck.id).entries
        #expect(entries.map(\.cardUUID) == [TestCatalog.twinB.dbUUID, nil])
    }

    @Test func importsIntoTheFolderOfTheListsFormat() throws {
        let list = try DeckList.parse("Name: Team\nFormat: Tornado\nCompetitor: Crypto Currency\nCompetitor: Crypto Currency")
        let result = try decks.importDeckList(list)
        #expect(result.deck.folderID == "tornado")
        #expect(result.placed.map(\.slotNumber) == [0, 1])
    }

    @Test func resolvesNamesIgnoringCaseAndBySlotWhenShared() throws {
        let list = try DeckList.parse("Name: D\nentrance: GRAND ENTRANCE\nDeck 29: twin slam [\(TestCatalog.twinB.dbUUID)]")
        let result = try decks.importDeckList(list)
        #expect(result.placed.map(\.cardUUID) == [TestCatalog.entrance.dbUUID, TestCatalog.twinB.dbUUID])
    }

    @Test func reportsEveryUnresolvedNameAndCreatesNothing() throws {
        let list = try DeckList.parse("""
            Name: Broken
            Entrance: Grand Entrance
            Competitor: Flip Gordan
            Deck 29: Twin Slam
            Alternate: [ffffffffffffffffffffffffffffffff]
            """)
        #expect {
            try decks.importDeckList(list)
        } throws: { error in
            guard case .unresolvedDeckList(let problems) = error as? GetDicedError else { return false }
            return problems.count == 3
                && problems[0] == "line 3 (Competitor): no card named 'Flip Gordan' in the catalog"
                && problems[1].hasPrefix("line 4 (Deck 29): 2 cards are named 'Twin Slam'")
                && problems[2] == "line 5 (Alternate): card ffffffffffffffffffffffffffffffff is not in the catalog"
        }
        #expect(try database.summary().decks == 0)
    }

    @Test func canLeaveUnresolvedCardsOutWhenAsked() throws {
        let list = try DeckList.parse("Name: Partial\nEntrance: Grand Entrance\nCompetitor: Nobody")
        let result = try decks.importDeckList(list, allowUnresolved: true)
        #expect(result.placed.count == 1)
        #expect(result.unresolved.map(\.entry.cardName) == ["Nobody"])
    }

    @Test func aListWithoutANameNeedsOne() throws {
        let list = try DeckList.parse("Entrance: Grand Entrance")
        #expect(throws: GetDicedError.malformedDeckList(line: nil, reason: "it has no 'Name:' line; give the deck a name")) {
            try decks.importDeckList(list)
        }
        #expect(try decks.importDeckList(list, name: "Named").deck.name == "Named")
    }

    @Test func importingOverAnExistingDeckNameChangesNothing() throws {
        let deck = try TestCatalog.buildSinglesDeck(in: database)
        let list = try DeckList.parse("Name: \(deck.name)\nEntrance: Grand Entrance")
        #expect(throws: GetDicedError.nameTaken(kind: "deck", name: deck.name)) { try decks.importDeckList(list) }
        #expect(try database.cardsInDeck(deck.id).count == 34)
    }

    @Test func anUnknownTargetFolderIsNamedInTheError() throws {
        let list = try DeckList.parse("Name: X\nEntrance: Grand Entrance")
        #expect(throws: GetDicedError.deckFolderNotFound("Casual")) { try decks.importDeckList(list, inFolder: "Casual") }
    }
}
