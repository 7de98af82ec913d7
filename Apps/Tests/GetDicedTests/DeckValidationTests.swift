import GRDB
import Testing
@testable import GetDiced

@Suite("Validating a deck for its format")
struct DeckValidationTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase
    let decks: DeckService

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
        decks = DeckService(database: database)
    }

    /// The slots of the legal Singles deck, to break one rule at a time.
    static func legalSingles() -> [DeckSlot] {
        func slot(_ type: SlotType, _ number: Int, _ card: Card) -> DeckSlot {
            DeckSlot(slotType: type, slotNumber: number, cardUUID: card.dbUUID, card: card)
        }
        return [slot(.entrance, 0, TestCatalog.entrance), slot(.competitor, 0, TestCatalog.flipGordon)]
            + TestCatalog.mainDeck.map { slot(.deck, $0.deckCardNumber!, $0) }
            + [slot(.finish, 0, TestCatalog.gordonFinish), slot(.alternate, 0, TestCatalog.spectacle)]
    }

    static func violations(_ slots: [DeckSlot], format: DeckFormat = .singles,
                           spectacle: SpectacleType = .valiant) -> [DeckViolation] {
        DeckValidation.violations(format: format, spectacleType: spectacle, slots: slots)
    }

    @Test func aFullSinglesDeckIsValid() throws {
        let deck = try TestCatalog.buildSinglesDeck(in: database)
        let report = try decks.validate(deck.name)
        #expect(report.violations == [])
        #expect(report.isValid)
        #expect(report.format == .singles)
    }

    @Test func anEmptyDeckBreaksEveryStructuralRuleAtOnce() throws {
        let deck = try decks.createDeck(named: "Empty")
        let rules = try decks.validate(deck.id).violations.map(\.rule)
        #expect(rules == ["missing_entrance", "wrong_competitor_count", "missing_deck_slots", "missing_finish"])
    }

    @Test func aMissingEntranceIsReported() {
        let slots = Self.legalSingles().filter { $0.slotType != .entrance }
        #expect(Self.violations(slots) == [.missingEntrance])
    }

    @Test func anEntranceMustBeAnEntranceCard() {
        var slots = Self.legalSingles()
        slots[0].card = TestCatalog.spectacle
        #expect(Self.violations(slots) == [.notAnEntrance(name: "Calls for the Bell", cardType: .spectacle)])
    }

    @Test func eachFormatNeedsItsNumberOfCompetitors() {
        let slots = Self.legalSingles()
        for format in DeckFormat.allCases where format != .singles {
            #expect(Self.violations(slots, format: format).contains(
                .wrongCompetitorCount(format: format, expected: format.competitorCount, found: 1)))
        }
        let tag = slots + [TestCatalog.slashGordon, TestCatalog.tornado, TestCatalog.trio].enumerated().map {
            DeckSlot(slotType: .competitor, slotNumber: $0.offset + 1, cardUUID: $0.element.dbUUID, card: $0.element)
        }
        #expect(Self.violations(tag, format: .tag) == [])
    }

    @Test func singlesTakesOnlySingleCompetitors() {
        var slots = Self.legalSingles()
        slots[1].card = TestCatalog.tornado
        #expect(Self.violations(slots) == [
            .wrongCompetitorKind(slot: 0, name: "Crypto Currency", cardType: .tornadoCompetitor, format: .singles),
        ])
    }

    @Test func triosTakesTrioCompetitorsInEitherSpelling() {
        #expect(DeckFormat.trios.allows(competitor: .trioCompetitor))
        #expect(DeckFormat.trios.allows(competitor: .triosCompetitor))
        #expect(!DeckFormat.trios.allows(competitor: .singleCompetitor))
        #expect(DeckFormat.tag.allows(competitor: .unknown("MegaCompetitorCard")))
        #expect(!DeckFormat.tag.allows(competitor: .mainDeck))
    }

    @Test func everyEmptyMainDeckSlotIsListed() {
        let slots = Self.legalSingles().filter { !($0.slotType == .deck && [3, 17].contains($0.slotNumber)) }
        #expect(Self.violations(slots) == [.missingDeckSlots([3, 17])])
    }

    @Test func aMainDeckSlotHoldsAMainDeckCardOfThatNumber() {
        var slots = Self.legalSingles()
        let seven = slots.firstIndex { $0.slotType == .deck && $0.slotNumber == 7 }!
        let eight = slots.firstIndex { $0.slotType == .deck && $0.slotNumber == 8 }!
        slots[seven].card = TestCatalog.flipGordon
        slots[eight].card = TestCatalog.mainDeck[0]
        #expect(Self.violations(slots) == [
            .notAMainDeckCard(slot: 7, name: "Flip Gordon", cardType: .singleCompetitor),
            .wrongDeckCardNumber(slot: 8, name: "Move 1", number: 1),
        ])
    }

    @Test func aDeckNeedsAFinishAndFinishSlotsHoldFinishes() {
        let without = Self.legalSingles().filter { $0.slotType != .finish }
        #expect(Self.violations(without) == [.missingFinish])
        var wrong = Self.legalSingles()
        let finish = wrong.firstIndex { $0.slotType == .finish }!
        wrong[finish].card = TestCatalog.mainDeck[0]
        #expect(Self.violations(wrong) == [.notAFinish(slot: 0, name: "Move 1")])
    }

    @Test func bannedCardsAreReportedWherever() {
        var slots = Self.legalSingles()
        let five = slots.firstIndex { $0.slotType == .deck && $0.slotNumber == 5 }!
        slots[five].card = TestCatalog.banned
        slots.append(DeckSlot(slotType: .alternate, slotNumber: 1, cardUUID: TestCatalog.banned.dbUUID, card: TestCatalog.banned))
        #expect(Self.violations(slots) == [
            .bannedCard(slotType: .deck, slot: 5, name: "Forbidden Punch"),
            .bannedCard(slotType: .alternate, slot: 1, name: "Forbidden Punch"),
        ])
    }

    @Test func aCardMissingFromTheCatalogIsReported() {
        var slots = Self.legalSingles()
        slots[slots.count - 1].card = nil
        #expect(Self.violations(slots) == [
            .cardNotInCatalog(slotType: .alternate, slot: 0, cardUUID: TestCatalog.spectacle.dbUUID),
        ])
    }

    @Test func anUnknownSpectacleTypeIsReported() {
        #expect(Self.violations(Self.legalSingles(), spectacle: .unknown("ROYAL")) == [.unknownSpectacleType("ROYAL")])
    }

    @Test func slotsOutsideTheirRangeAndUnknownSlotTypesAreReported() {
        let slots = Self.legalSingles() + [
            DeckSlot(slotType: .entrance, slotNumber: 1, cardUUID: TestCatalog.entrance.dbUUID, card: TestCatalog.entrance),
            DeckSlot(slotType: .unknown("BENCH"), slotNumber: 0, cardUUID: TestCatalog.twinA.dbUUID, card: TestCatalog.twinA),
        ]
        #expect(Self.violations(slots) == [
            .unknownSlotType("BENCH", slot: 0),
            .slotOutOfRange(slotType: .entrance, slot: 1),
        ])
    }

    @Test func everyBrokenRuleIsReportedTogether() throws {
        let deck = try decks.createDeck(named: "Messy", inFolder: "tornado")
        try decks.place(TestCatalog.spectacle.dbUUID, in: deck.id, slot: .entrance)
        try decks.place(TestCatalog.flipGordon.dbUUID, in: deck.id, slot: .competitor)
        try decks.place(TestCatalog.banned.dbUUID, in: deck.id, slot: .deck)
        let rules = Set(try decks.validate("Messy").violations.map(\.rule))
        #expect(rules == [
            "not_an_entrance", "wrong_competitor_count", "wrong_competitor_kind", "missing_deck_slots",
            "missing_finish", "banned_card",
        ])
    }

    @Test func aDeckInACustomFolderNeedsAFormat() throws {
        let folder = try decks.createDeckFolder(named: "Casual")
        try decks.createDeck(named: "Loose", inFolder: folder.id)
        #expect(throws: GetDicedError.deckFormatUnknown(deck: "Loose", folder: "Casual")) { try decks.validate("Loose") }
        #expect(try decks.validate("Loose", format: .tag).format == .tag)
    }

    @Test func anExplicitFormatOverridesTheFolder() throws {
        let deck = try TestCatalog.buildSinglesDeck(in: database)
        let report = try decks.validate(deck.id, format: .trios)
        #expect(report.violations.map(\.rule) == ["wrong_competitor_count", "wrong_competitor_kind"])
    }

    @Test func missingSlotsAreListedAsRanges() {
        #expect(DeckViolation.missingDeckSlots([1, 2, 3, 7, 9, 10]).description
            == "main deck slots 1-3, 7, 9-10 empty; it needs 30 cards")
    }

    @Test func everyViolationNamesWhatIsWrong() {
        let violation = DeckViolation.wrongDeckCardNumber(slot: 8, name: "Move 1", number: 1)
        #expect(violation.description == "deck slot 8 holds 'Move 1', which is card #1")
    }
}
