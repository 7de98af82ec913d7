import Foundation
import Testing
@testable import GetDiced

/// What a player sees from getdiced: headed tables with short, safe cells, plurals, ISO
/// times in JSON, and a clear refusal of an unknown card type.
@Suite("getdiced command output")
struct CommandOutputTests {
    let directory: TemporaryDirectory
    let cli = GetDicedProcess()
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        let opened = try TestCatalog.database(in: directory)
        try TestCatalog.buildSinglesDeck(in: opened)
        database = directory.file("user.db")
    }

    /// Creates a deck as another program sharing the database would: the command line
    /// refuses megabytes of text and control characters, so stored names can hold them only that way.
    func storeDeck(named name: String) throws {
        _ = try DeckService(database: try GetDicedDatabase.open(at: database)).createDeck(named: name)
    }

    func run(_ arguments: [String]) throws -> GetDicedProcess.Output {
        try cli.run(arguments + ["--db", database])
    }

    @Test func folderListSaysOneCardAndOneCopy() throws {
        #expect(try run(["folder", "add", "Owned", "Flip Gordon"]).status == 0)
        let list = try run(["folder", "list"])
        #expect(list.stdout.contains("1 card, 1 copy"))
    }

    /// Was "1×  Flip Gordon" over "100×  Freak Show": the table trimmed the padding the
    /// command gave the quantities.
    @Test func folderShowLinesUpQuantitiesOfDifferentWidths() throws {
        #expect(try run(["folder", "add", "Owned", "Flip Gordon"]).status == 0)
        #expect(try run(["folder", "add", "Owned", "Freak Show", "--quantity", "100"]).status == 0)
        let lines = try run(["folder", "show", "Owned"]).stdout.split(separator: "\n").map(String.init)
        let one = try #require(lines.first { $0.contains("Flip Gordon") }, "\(lines)")
        let hundred = try #require(lines.first { $0.contains("Freak Show") }, "\(lines)")
        #expect(one.hasPrefix("  1×") && hundred.hasPrefix("100×"), "\(lines)")
        #expect(one.range(of: "Flip Gordon")?.lowerBound.utf16Offset(in: one) == hundred.range(of: "Freak Show")?.lowerBound.utf16Offset(in: hundred),
                "\(lines)")
    }

    @Test func initSaysOneCardOfACatalogWithOne() throws {
        let catalog = try TestCatalog.write(to: directory.file("one-card.db"), cards: [TestCatalog.flipGordon],
                                            relatedFinishes: [], relatedCards: [])
        let created = try cli.run(["init", "--catalog", catalog, "--db", directory.file("one-card-user.db")])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains(": 1 card, 3 collection folders, 4 deck folders, 0 decks,"), "\(created.stdout)")
    }

    @Test func aSearchCutAtOneMatchSaysTheFirstMatchNotOneMatches() throws {
        let search = try run(["search", "gordon", "--limit", "1"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stderr.contains("(showing the first match; raise --limit for more)"), "\(search.stderr)")
    }

    @Test func deckListHasAHeaderRow() throws {
        let list = try run(["deck", "list"])
        #expect(list.stdout.split(separator: "\n").first?.hasPrefix("DECK") == true)
    }

    @Test func aHugeDeckNameIsShortenedWithAnEllipsis() throws {
        let name = String(repeating: "W", count: 100_000)
        try storeDeck(named: name)
        let list = try run(["deck", "list"])
        #expect(list.stdout.split(separator: "\n").allSatisfy { $0.count < 200 })
        #expect(list.stdout.contains("…"))
    }

    @Test func controlCharactersInADeckNameAreEscaped() throws {
        // Written as another program (or an earlier getdiced) would: getdiced refuses such a name itself.
        try storeDeck(named: "Evil")
        try GetDicedDatabase.open(at: database).write { db in
            try db.execute(sql: "UPDATE decks SET name = ? WHERE name = 'Evil'", arguments: ["Evil\u{1B}[2J"])
        }
        let list = try run(["deck", "list"])
        #expect(!list.stdout.contains("\u{1B}"))
        #expect(list.stdout.contains("Evil\\u{1B}[2J"))
    }

    @Test func jsonTimesAreISO8601() throws {
        let list = try run(["deck", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\"2023-11-14T22:15:23.456Z\""))
        #expect(!list.stdout.contains("1700000123456"))
    }

    @Test func anUnknownCardTypeIsRefusedWithTheValidTypes() throws {
        let search = try run(["search", "--type", "Foo"])
        #expect(search.status != 0)
        #expect(search.stderr.contains("\"Foo\" is not a card type"))
        #expect(search.stderr.contains(CardType.singleCompetitor.rawValue))
    }

    @Test func aNegativeQuantityReachesTheQuantityCheck() throws {
        let add = try run(["folder", "add", "Owned", "Flip Gordon", "--quantity", "-2"])
        #expect(add.status != 0)
        #expect(add.stderr.contains("--quantity must be from 1 to 999999"))
    }
}

extension CommandOutputTests {
    @Test func creatingADeckWithJSONPrintsTheDeck() throws {
        let created = try run(["deck", "create", "Tag Team", "--json"])
        #expect(created.status == 0, "\(created.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == "Tag Team")
        #expect(object?["created_at"] is String)
    }

    @Test func errorsAreJSONOnStandardErrorWithTheJSONFlag() throws {
        let missing = try run(["deck", "show", "No Such Deck", "--json"])
        #expect(missing.status != 0)
        let object = try JSONSerialization.jsonObject(with: Data(missing.stderr.utf8)) as? [String: Any]
        #expect(object?["error"] is String)
    }
}

extension CommandOutputTests {
    @Test func addingToAFolderWithJSONPrintsWhatWasAdded() throws {
        let added = try run(["folder", "add", "Owned", "Flip Gordon", "--quantity", "2", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        #expect(object?["card_uuids"] as? [String] == [TestCatalog.flipGordon.dbUUID])
        #expect(object?["quantity"] as? Int == 2)
    }
}
