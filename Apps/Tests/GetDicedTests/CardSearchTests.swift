import Testing
@testable import GetDiced

@Suite("Searching cards")
struct CardSearchTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
    }

    @Test func matchesPartOfTheNameIgnoringCase() throws {
        let names = try database.searchCards(CardSearch(text: "GORDON")).map(\.name)
        #expect(names == ["Flip Gordon", "Gordon Gainer", "Slash Gordon (V1)"])
    }

    @Test func withoutFiltersReturnsCardsByName() throws {
        let cards = try database.searchCards(CardSearch(limit: 1000))
        #expect(cards.count == TestCatalog.cards.count)
        #expect(cards.map(\.name) == cards.map(\.name).sorted())
    }

    @Test func filtersByCardType() throws {
        let names = try database.searchCards(CardSearch(text: "gordon", cardType: .singleCompetitor)).map(\.name)
        #expect(names == ["Flip Gordon", "Slash Gordon (V1)"])
    }

    @Test func filtersByAnUnknownCardType() throws {
        let names = try database.searchCards(CardSearch(cardType: CardType(rawValue: "MysteryCard"))).map(\.name)
        #expect(names == ["Mystery Card"])
    }

    @Test func filtersByAttackType() throws {
        let cards = try database.searchCards(CardSearch(text: "move", attackType: .submission))
        #expect(cards.count == 10)
        #expect(cards.allSatisfy { $0.attackType == .submission })
    }

    @Test func filtersByDivision() throws {
        let names = try database.searchCards(CardSearch(division: "Hardcore")).map(\.name)
        #expect(names == ["Slash Gordon (V1)"])
    }

    @Test func aDivisionIsMatchedIgnoringCaseAsCardTypesAre() throws {
        #expect(try database.searchCards(CardSearch(division: "HARDCORE")).map(\.name) == ["Slash Gordon (V1)"])
    }

    @Test func aDivisionNoCardIsInIsNamedWithTheDivisionsOfTheCatalog() {
        #expect(throws: GetDicedError.unknownDivision("Nowhere", known: ["Global", "Hardcore"])) {
            try database.searchCards(CardSearch(division: "Nowhere"))
        }
    }

    @Test func combinesFilters() throws {
        let names = try database.searchCards(
            CardSearch(text: "gordon", cardType: .singleCompetitor, division: "Global")).map(\.name)
        #expect(names == ["Flip Gordon"])
    }

    @Test func stopsAtTheLimit() throws {
        #expect(try database.searchCards(CardSearch(text: "move", limit: 3)).count == 3)
    }

    @Test func defaultsToALimitOf100() {
        #expect(CardSearch().limit == 100)
    }

    @Test func rejectsALimitBelowOne() {
        #expect(throws: GetDicedError.invalidLimit(0)) { try database.searchCards(CardSearch(limit: 0)) }
    }

    @Test func treatsPercentAndUnderscoreLiterally() throws {
        #expect(try database.searchCards(CardSearch(text: "%")).isEmpty)
        #expect(try database.searchCards(CardSearch(text: "Move_1")).isEmpty)
    }

    @Test func anEmptyTextMatchesEverything() throws {
        #expect(try database.searchCards(CardSearch(text: "", limit: 1000)).count == TestCatalog.cards.count)
    }
}

@Suite("Finding a card by id or name")
struct CardLookupTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
    }

    @Test func findsByID() throws {
        #expect(try database.resolveCard(TestCatalog.flipGordon.dbUUID) == TestCatalog.flipGordon)
    }

    @Test func findsByExactNameIgnoringCase() throws {
        #expect(try database.resolveCard("flip gordon") == TestCatalog.flipGordon)
    }

    @Test func anUnknownNameIsNotFoundWithSuggestions() {
        #expect(throws: GetDicedError.cardNotFound("Gordon", suggestions: ["Flip Gordon", "Gordon Gainer", "Slash Gordon (V1)"])) {
            try database.resolveCard("Gordon")
        }
    }

    @Test func aMisspelledNameSuggestsCardsSharingItsLongestWord() {
        #expect(throws: GetDicedError.cardNotFound("Flip Gordan", suggestions: ["Flip Gordon"])) {
            try database.resolveCard("Flip Gordan")
        }
    }

    @Test func aSharedNameIsAmbiguousAndListsTheIDs() {
        #expect {
            try database.resolveCard("Twin Slam")
        } throws: { error in
            guard case .ambiguousCard(let name, let candidates) = error as? GetDicedError else { return false }
            return name == "Twin Slam" && candidates.count == 2
                && candidates[0].hasPrefix(TestCatalog.twinA.dbUUID) && candidates[1].hasPrefix(TestCatalog.twinB.dbUUID)
        }
    }
}
