import GRDB
import Testing
@testable import GetDiced

@Suite("Decks and their slots")
struct DeckServiceTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase
    let decks: DeckService

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
        decks = DeckService(database: database)
    }

    @Test func createsAnEmptyValiantDeckInSinglesByDefault() throws {
        let deck = try decks.createDeck(named: "First")
        #expect(deck.folderID == "singles")
        #expect(deck.spectacleType == .valiant)
        #expect(try database.cardsInDeck(deck.id).isEmpty)
    }

    @Test func createsADeckInAFolderNamedIgnoringCase() throws {
        let deck = try decks.createDeck(named: "Team", inFolder: "TAG", spectacleType: .newman)
        #expect(deck.folderID == "tag")
        #expect(deck.spectacleType == .newman)
    }

    @Test func anUnknownDeckFolderIsNamedInTheError() {
        #expect(throws: GetDicedError.deckFolderNotFound("Casual")) { try decks.createDeck(named: "X", inFolder: "Casual") }
    }

    @Test func refusesADuplicateDeckName() throws {
        try decks.createDeck(named: "First")
        #expect(throws: GetDicedError.nameTaken(kind: "deck", name: "FIRST")) {
            try decks.createDeck(named: "FIRST", inFolder: "tag")
        }
    }

    @Test func findsADeckByIDOrName() throws {
        let deck = try decks.createDeck(named: "First")
        #expect(try decks.deck("first") == deck)
        #expect(try decks.deck(deck.id) == deck)
    }

    @Test func anUnknownDeckIsNamedInTheError() {
        #expect(throws: GetDicedError.deckNotFound("Ghost")) { try decks.deck("Ghost") }
    }

    @Test func renamesADeckAndChangesItsSpectacle() throws {
        let deck = try decks.createDeck(named: "First")
        try decks.renameDeck("first", to: "Second")
        try decks.setSpectacleType(.newman, of: "Second")
        let updated = try decks.deck(deck.id)
        #expect(updated.name == "Second")
        #expect(updated.spectacleType == .newman)
    }

    @Test func listsDecksOfOneFolderOrAll() throws {
        try decks.createDeck(named: "B", inFolder: "tag")
        try decks.createDeck(named: "A")
        #expect(try decks.decks(inFolder: "Tag").map(\.deck.name) == ["B"])
        #expect(try decks.decks().map(\.deck.name) == ["A", "B"])
    }

    @Test func theEntranceGoesToSlot0() throws {
        let deck = try decks.createDeck(named: "D")
        let placement = try decks.place(TestCatalog.entrance.dbUUID, in: deck.id, slot: .entrance)
        #expect(placement.placed.slotNumber == 0)
    }

    @Test func competitorsFillTheFirstFreeSlotUpToFour() throws {
        let deck = try decks.createDeck(named: "D", inFolder: "tag")
        let competitors = [TestCatalog.flipGordon, TestCatalog.slashGordon, TestCatalog.tornado, TestCatalog.trio]
        let numbers = try competitors.map { try decks.place($0.dbUUID, in: deck.id, slot: .competitor).placed.slotNumber }
        #expect(numbers == [0, 1, 2, 3])
        #expect {
            try decks.place(TestCatalog.flipGordon.dbUUID, in: deck.id, slot: .competitor)
        } throws: { error in
            if case .invalidSlot(slot: "COMPETITOR", number: nil, _) = error as? GetDicedError { return true }
            return false
        }
    }

    @Test func aMainDeckCardGoesToItsOwnNumber() throws {
        let deck = try decks.createDeck(named: "D")
        let placement = try decks.place(TestCatalog.mainDeck[6].dbUUID, in: deck.id, slot: .deck)
        #expect(placement.placed.slotNumber == 7)
    }

    @Test func aCardWithoutANumberNeedsAnExplicitDeckSlot() throws {
        let deck = try decks.createDeck(named: "D")
        #expect {
            try decks.place(TestCatalog.flipGordon.dbUUID, in: deck.id, slot: .deck)
        } throws: { error in
            if case .invalidSlot(slot: "DECK", number: nil, let reason) = error as? GetDicedError {
                return reason.contains("Flip Gordon")
            }
            return false
        }
        #expect(try decks.place(TestCatalog.flipGordon.dbUUID, in: deck.id, slot: .deck, number: 4).placed.slotNumber == 4)
    }

    @Test func mainDeckSlotsAreNumbered1To30() throws {
        let deck = try decks.createDeck(named: "D")
        for number in [0, 31] {
            #expect(throws: GetDicedError.invalidSlot(slot: "DECK", number: number, reason: "DECK slots are numbered 1-30")) {
                try decks.place(TestCatalog.mainDeck[0].dbUUID, in: deck.id, slot: .deck, number: number)
            }
        }
        #expect(try database.cardsInDeck(deck.id).isEmpty)
    }

    @Test func finishesAndAlternatesAppend() throws {
        let deck = try decks.createDeck(named: "D")
        let finishes = try [TestCatalog.gordonFinish, TestCatalog.twinA].map {
            try decks.place($0.dbUUID, in: deck.id, slot: .finish).placed.slotNumber
        }
        let alternate = try decks.place(TestCatalog.twinB.dbUUID, in: deck.id, slot: .alternate).placed.slotNumber
        #expect(finishes == [0, 1])
        #expect(alternate == 0)
    }

    /// Was "Swift runtime failure: arithmetic overflow" adding one to the highest slot number,
    /// which another program stored at `Int.max`.
    @Test func anAlternateBesideASlotNumberStoredAtTheLargestIsRefusedNotTrapped() throws {
        let deck = try decks.createDeck(named: "D")
        try decks.place(TestCatalog.twinA.dbUUID, in: deck.id, slot: .alternate)
        try database.write { db in
            try db.execute(sql: "UPDATE deck_cards SET slot_number = ? WHERE deck_id = ?", arguments: [Int.max, deck.id])
        }
        #expect { try decks.place(TestCatalog.twinB.dbUUID, in: deck.id, slot: .alternate) } throws: { error in
            "\(error)".contains("is taken; name a free slot")
        }
    }

    @Test func aFinishSlotNumberPastTheHighestIsRefused() throws {
        let deck = try decks.createDeck(named: "D")
        #expect(throws: GetDicedError.self) {
            try decks.place(TestCatalog.gordonFinish.dbUUID, in: deck.id, slot: .finish, number: Int.max)
        }
        #expect(try database.cardsInDeck(deck.id).isEmpty)
    }

    @Test func theNextFinishAfterTheHighestSlotIsRefusedInsteadOfOverflowing() throws {
        let deck = try decks.createDeck(named: "D")
        try decks.place(TestCatalog.gordonFinish.dbUUID, in: deck.id, slot: .finish, number: SlotType.highestNumber)
        #expect(throws: GetDicedError.self) {
            try decks.place(TestCatalog.twinA.dbUUID, in: deck.id, slot: .finish)
        }
    }

    @Test func placingIntoAFilledSlotReplacesAndReportsTheOldCard() throws {
        let deck = try decks.createDeck(named: "D")
        try decks.place(TestCatalog.mainDeck[28].dbUUID, in: deck.id, slot: .deck)
        let placement = try decks.place(TestCatalog.twinA.dbUUID, in: deck.id, slot: .deck)
        #expect(placement.replaced?.cardUUID == TestCatalog.mainDeck[28].dbUUID)
        #expect(try database.cardsInDeck(deck.id).map(\.card.dbUUID) == [TestCatalog.twinA.dbUUID])
    }

    @Test func aCardNotInTheCatalogCannotBePlaced() throws {
        let deck = try decks.createDeck(named: "D")
        #expect(throws: GetDicedError.cardNotFound("nope", suggestions: [])) {
            try decks.place("nope", in: deck.id, slot: .alternate)
        }
    }

    @Test func anUnknownSlotTypeIsRejected() throws {
        let deck = try decks.createDeck(named: "D")
        #expect {
            try decks.place(TestCatalog.twinA.dbUUID, in: deck.id, slot: .unknown("BENCH"))
        } throws: { error in
            if case .invalidSlot(slot: "BENCH", _, _) = error as? GetDicedError { return true }
            return false
        }
    }

    @Test func removesACardFromASlot() throws {
        let deck = try TestCatalog.buildSinglesDeck(in: database)
        let removed = try decks.removeCard(from: deck.name, slot: .deck, number: 5)
        #expect(removed.cardUUID == TestCatalog.mainDeck[4].dbUUID)
        #expect(try database.cardsInDeck(deck.id).count == 33)
    }

    @Test func removingFromAnEmptySlotSaysWhichSlot() throws {
        try decks.createDeck(named: "D")
        #expect(throws: GetDicedError.slotEmpty(deck: "D", slot: "FINISH", number: 2)) {
            try decks.removeCard(from: "D", slot: .finish, number: 2)
        }
    }

    @Test func deckFoldersCanBeAddedRenamedAndDeletedButNotTheDefaults() throws {
        let folder = try decks.createDeckFolder(named: "Casual")
        try decks.renameDeckFolder("casual", to: "Fun")
        #expect(try decks.deckFolder(folder.id).name == "Fun")
        #expect(throws: GetDicedError.defaultFolderProtected(folder: "Singles", action: "renamed")) {
            try decks.renameDeckFolder("singles", to: "Solo")
        }
        #expect(throws: GetDicedError.defaultFolderProtected(folder: "Tag", action: "deleted")) {
            try decks.deleteDeckFolder("tag")
        }
        try decks.deleteDeckFolder("Fun")
        #expect(try decks.deckFolders().map(\.id) == ["singles", "tornado", "trios", "tag"])
    }
}
