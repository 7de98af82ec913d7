import Foundation
import Testing

/// What a dealer sees: their words in help and errors, JSON when asked, safe tables.
@Suite("cardshow user-facing output")
struct UserFacingOutputTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
    }

    /// Adds a card by importing a CSV file: the way text with control characters reaches a
    /// store, since the command line refuses it.
    func importCard(_ name: String) throws -> String {
        let file = home.file("import-\(UUID().uuidString).csv")
        try Data("Name,Set,Number,Market Value\n\(name),Jungle,60/64,1\n".utf8).write(to: file)
        let imported = try cli.run(["import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(try cli.run(["card", "list", "--json"]).stdout.utf8))
        return try #require((list as? [[String: Any]])?.first(where: { $0["name"] as? String == name })?["id"] as? String)
    }

    @Test func helpShowsTheDefaultPercentageAsAPercentage() throws {
        let help = try cli.run(["trade", "record", "--help"])
        #expect(help.stdout.contains("(default: 80%)"))
        #expect(!help.stdout.contains("PercentageArgument"))
    }

    @Test func aNegativeValueReachesTheValidationMessage() throws {
        let add = try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--value", "-5"])
        #expect(add.status != 0)
        #expect(add.stderr.contains("A card's market value can't be negative."))
    }

    @Test func aNegativeCostReachesTheValidationMessage() throws {
        let add = try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--cost", "-5"])
        #expect(add.status != 0)
        #expect(add.stderr.contains("can't be negative"))
    }

    @Test func errorsAreJSONOnStandardErrorWithTheJSONFlag() throws {
        #expect(try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1"]).status == 0)
        let missing = try cli.run(["card", "show", "DEADBEEF", "--json"])
        #expect(missing.status != 0)
        let object = try JSONSerialization.jsonObject(with: Data(missing.stderr.utf8)) as? [String: Any]
        #expect((object?["error"] as? String)?.contains("DEADBEEF") == true)
    }

    /// Makes a record of `kind` (card, contact, want, event or sale) with `--json` and returns its
    /// ID, with the commands that list such records and delete (or void) one.
    func record(_ kind: String) throws -> (id: String, list: [String], delete: [String]) {
        func made(_ arguments: [String]) throws -> String {
            let output = try cli.run(arguments + ["--json"])
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            return try #require((try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])?["id"] as? String)
        }
        switch kind {
        case "card":
            return (try cli.addCard("Pikachu", set: "Jungle", number: "60/64"), ["card", "list"], ["card", "delete"])
        case "contact":
            return (try made(["contact", "add", "--name", "Ash", "--phone", "555-0151"]), ["contact", "list"], ["contact", "delete"])
        case "want":
            let contact = try made(["contact", "add", "--name", "Misty"])
            return (try made(["want", "add", "--contact", contact, "--card", "Charizard", "--max-price", "400"]),
                    ["want", "list"], ["want", "delete"])
        case "event":
            return (try made(["event", "create", "--name", "Phoenix Card Show", "--location", "Phoenix"]),
                    ["event", "list"], ["event", "delete"])
        default:
            let card = try cli.addCard("Mew", set: "Promo", number: "8")
            return (try made(["sale", "record", "--card", card, "--price", "40"]), ["sale", "list"], ["sale", "void"])
        }
    }

    @Test(arguments: ["card", "contact", "want", "event", "sale"])
    func aRecordDeletedWithJSONIsPrintedAsItsListingPrintedIt(_ kind: String) throws {
        let (id, list, delete) = try record(kind)
        let listed = try JSONSerialization.jsonObject(with: Data(try cli.run(list + ["--json"]).stdout.utf8)) as? [NSDictionary]
        let before = try #require(listed?.first { $0["id"] as? String == id }, "\(kind) was not listed")
        let deleted = try cli.run(delete + [id, "--json"])
        #expect(deleted.status == 0, "\(kind): \(deleted.stderr)")
        let printed = try JSONSerialization.jsonObject(with: Data(deleted.stdout.utf8)) as? NSDictionary
        #expect(printed == before, "\(kind): \(deleted.stdout)")
    }

    @Test func pruningPricesWithJSONPrintsHowManyWereDeleted() throws {
        _ = try cli.addCard("Pikachu")
        let pruned = try cli.run(["price", "prune", "--json"])
        #expect(pruned.status == 0, "\(pruned.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(pruned.stdout.utf8)) as? NSDictionary
        #expect(object == ["action": "deleted", "kind": "price", "count": 0], "\(pruned.stdout)")
    }

    @Test func controlCharactersAreEscapedInTablesButNotInJSON() throws {
        let name = "Evil\u{1B}]0;pwned\u{07}"
        _ = try importCard(name)
        let table = try cli.run(["card", "list"])
        #expect(!table.stdout.contains("\u{1B}"))
        #expect(table.stdout.contains("Evil\\u{1B}]0;pwned"))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.run(["card", "list", "--json"]).stdout.utf8))
        #expect((json as? [[String: Any]])?.first?["name"] as? String == name)
    }

    @Test func anUnknownCommandIsNamedWithTheCommandList() throws {
        let unknown = try cli.run(["frobnicate"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("\"frobnicate\" is not a cardshow command"))
        #expect(unknown.stderr.contains("card, sale"))
    }

    @Test func cardShowFindsACardByName() throws {
        _ = try cli.addCard("Pikachu", set: "Jungle", number: "60/64")
        let show = try cli.run(["card", "show", "pikachu"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("Pikachu"))
    }

    @Test func aStoreThatIsNotADatabaseIsReportedInTheUsersWords() throws {
        let store = home.file("notes.store")
        try Data("my shopping list\n".utf8).write(to: store)
        let list = try cli.run(["card", "list", "--store", store.path])
        #expect(list.status != 0)
        #expect(list.stderr.contains("is not a CardShow Pro store"))
        #expect(!list.stderr.contains("SQLite"))
    }
}

extension UserFacingOutputTests {
    @Test func cardShowEscapesControlCharacters() throws {
        let id = try importCard("Evil\u{1B}[2J")
        let show = try cli.run(["card", "show", id])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(!show.stdout.contains("\u{1B}"))
        #expect(show.stdout.contains("Evil\\u{1B}[2J"))
    }

    @Test func demoWithJSONPrintsTheInventorySummary() throws {
        let demo = try cli.run(["demo", "--json"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(demo.stdout.utf8)) as? [String: Any]
        #expect(object?["cardsInStock"] as? Int == 5)
    }
}
