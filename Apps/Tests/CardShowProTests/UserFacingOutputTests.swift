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

    @Test func deletingWithJSONPrintsWhatWasDeleted() throws {
        let id = try cli.addCard("Pikachu", set: "Jungle", number: "60/64")
        let delete = try cli.run(["card", "delete", id, "--json"])
        #expect(delete.status == 0, "\(delete.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(delete.stdout.utf8)) as? [String: Any]
        #expect(object?["action"] as? String == "deleted")
        #expect(object?["id"] as? String == id)
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
