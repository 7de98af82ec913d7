import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// The `cardshow` forms scripts and the README rely on.
@Suite("cardshow command line")
struct CommandLineTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
    }

    var defaultStore: URL { home.url.appendingPathComponent("CardShowPro/default.store") }

    func cards(_ output: CardShowProcess.Output) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    }

    @Test func firstRunOnAFreshMachineShowsAnEmptySummaryAndHowToStart() throws {
        let output = try cli.run([])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Your inventory is empty"))
        #expect(output.stdout.contains("cardshow card add"))
        #expect(output.stdout.contains("cardshow demo"))
        #expect(!FileManager.default.fileExists(atPath: defaultStore.path))
    }

    @Test func demoLoadsSampleCardsIntoTheDefaultStore() throws {
        #expect(try cli.run(["demo"]).status == 0)
        let stats = try cli.run(["stats"])
        #expect(stats.stdout.contains("5 cards in stock"))
        let again = try cli.run(["demo"])
        #expect(again.status == 0 && again.stdout.contains("no samples were added"))
        #expect(try cli.run(["stats"]).stdout.contains("5 cards in stock"))
    }

    @Test func addedCardIsListedAsJSONWithTheDocumentedFields() throws {
        let add = try cli.run(["card", "add", "--name", "Pikachu, \"Jr.\"", "--set", "Jungle", "--number", "60/64",
                               "--variant", "Holo", "--condition", "lp", "--cost", "2", "--value", "$12.50"])
        #expect(add.status == 0, "\(add.stderr)")
        let list = try cards(try cli.run(["card", "list", "--json"]))
        #expect(list.count == 1)
        #expect(list.first?["name"] as? String == "Pikachu, \"Jr.\"")
        #expect(list.first?["setName"] as? String == "Jungle")
        #expect(list.first?["cardNumber"] as? String == "60/64")
        #expect(list.first?["marketValue"] as? Double == 12.5)
        #expect(list.first?["condition"] as? String == "Lightly Played")
    }

    @Test func listFiltersByValueAndGrading() throws {
        for (name, value) in [("Low", "5"), ("Mid", "50"), ("High", "500")] {
            #expect(try cli.run(["card", "add", "--name", name, "--set", "S", "--number", "1", "--value", value]).status == 0)
        }
        #expect(try cli.run(["card", "add", "--name", "Slab", "--set", "S", "--number", "2", "--value", "60",
                             "--graded-by", "PSA", "--grade", "9"]).status == 0)
        let ranged = try cards(try cli.run(["card", "list", "--min-value", "10", "--max-value", "100", "--json"]))
        #expect(Set(ranged.compactMap { $0["name"] as? String }) == ["Mid", "Slab"])
        let graded = try cards(try cli.run(["card", "list", "--graded", "--json"]))
        #expect(graded.compactMap { $0["name"] as? String } == ["Slab"])
    }

    /// A sold card deleted since (or removed by a trade another device voided): the void said
    /// "Voided the sale of the card; it is back in stock", of a card no longer in the store.
    @Test func saleVoidOfACardDeletedSinceSaysNothingGoesBackInStock() throws {
        #expect(try cli.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58"]).status == 0)
        let card = try #require(try cards(try cli.run(["card", "list", "--json"])).first?["id"] as? String)
        let recorded = try cli.run(["sale", "record", "--card", card, "--price", "10", "--json"])
        let sale = try #require((try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])?["id"] as? String)
        #expect(try cli.run(["card", "delete", card]).status == 0)
        let voided = try cli.run(["sale", "void", sale])
        #expect(voided.status == 0, "\(voided.stderr)")
        #expect(voided.stdout == "Voided the sale of Pikachu #58; the card is no longer in the store, so nothing goes back in stock.\n",
                "\(voided.stdout)")
    }

    @Test func tradeVoidSaysWhatCameBackInStockAndWhatLeft() throws {
        #expect(try cli.run(["card", "add", "--name", "Charizard", "--set", "Base Set", "--number", "4/102", "--value", "300"]).status == 0)
        let id = try #require(try cards(try cli.run(["card", "list", "--json"])).first?["id"] as? String)
        let recorded = try cli.run(["trade", "record", "--give", id, "--receive", "Blastoise|Base Set|2/102|150", "--json"])
        let trade = try #require((try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])?["id"] as? String)
        let voided = try cli.run(["trade", "void", trade])
        #expect(voided.status == 0, "\(voided.stderr)")
        #expect(voided.stdout == "Voided trade \(trade.prefix(8)).\n  Charizard #4/102 is back in stock.\n"
                + "  Blastoise #2/102, received in it, is removed.\n", "\(voided.stdout)")
        let left = try cards(try cli.run(["card", "list", "--json"]))
        #expect(left.compactMap { $0["name"] as? String } == ["Charizard"])
    }

    @Test func storeOptionWorksBeforeOrAfterTheCommand() throws {
        let store = home.file("elsewhere.store").path
        #expect(try cli.run(["--store", store, "card", "add", "--name", "A", "--set", "S", "--number", "1"]).status == 0)
        #expect(try cards(try cli.run(["card", "list", "--store", store, "--json"])).count == 1)
        let defaultList = try cli.run(["card", "list", "--json"])
        #expect(defaultList.status != 0 && defaultList.stderr.contains("There is no store"))
    }

    @Test func errorsGoToStandardErrorWithANonZeroExit() throws {
        #expect(try cli.run(["card", "add", "--name", "B", "--set", "S", "--number", "1"]).status == 0)
        let missing = try cli.run(["card", "show", "DEADBEEF"])
        #expect(missing.status != 0)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("No card has an ID starting with \"DEADBEEF\""))

        let invalid = try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--value=-4"])
        #expect(invalid.status != 0)
        #expect(invalid.stderr.contains("market value can't be negative"))
    }

    @Test func anAmountNoDealerHasIsRefusedAndNothingIsSaved() throws {
        let refused = try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--value", "1e300",
                                   "--cost", "1e-300", "--json"])
        #expect(refused.status != 0)
        #expect(!FileManager.default.fileExists(atPath: defaultStore.path))
    }

    @Test func csvExportToStandardOutputImportsIntoAnotherStore() throws {
        // Names are one line; notes keep their line breaks, which CSV quotes.
        #expect(try cli.run(["card", "add", "--name", "Comma, \"quoted\"", "--notes", "Line\nbreak, \"quoted\"", "--set", "S",
                             "--number", "1", "--value", "3"]).status == 0)
        let export = try cli.run(["export", "--format", "csv"])
        #expect(export.status == 0)
        let file = home.file("cards.csv")
        try Data(export.stdout.utf8).write(to: file)
        let target = home.file("target.store").path
        let imported = try cli.run(["import", file.path, "--store", target])
        #expect(imported.status == 0, "\(imported.stderr)")
        let card = try cards(try cli.run(["card", "list", "--store", target, "--json"])).first
        #expect(card?["name"] as? String == "Comma, \"quoted\"")
        #expect(card?["notes"] as? String == "Line\nbreak, \"quoted\"")
    }

    @Test func jsonExportToAFileImportsWithTheFormatFromItsName() throws {
        #expect(try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1"]).status == 0)
        let file = home.file("inventory.json")
        #expect(try cli.run(["export", "--format", "json", "--output", file.path]).status == 0)
        let target = home.file("target.store").path
        #expect(try cli.run(["import", file.path, "--store", target]).status == 0)
        #expect(try cards(try cli.run(["card", "list", "--store", target, "--json"])).count == 1)
    }

    @Test func malformedImportNamesTheLineAndFieldAndImportsNothing() throws {
        let file = home.file("bad.csv")
        try Data("Name,Set,Number,Market Value\nGood,S,1,10\nBad,S,2,lots\n".utf8).write(to: file)
        let output = try cli.run(["import", file.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("line 3, field \"Market Value\""))
        // Refused before a store is made: there is none to list.
        #expect(try cli.run(["card", "list", "--json"]).stderr.contains("There is no store at"))
    }

    @Test func backupAndRestoreRoundTrip() throws {
        #expect(try cli.run(["card", "add", "--name", "Kept", "--set", "S", "--number", "1"]).status == 0)
        let backup = home.file("store.backup").path
        #expect(try cli.run(["backup", "--output", backup]).status == 0)
        #expect(try cli.run(["card", "add", "--name", "Later", "--set", "S", "--number", "2"]).status == 0)
        let restore = try cli.run(["restore", backup])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(try cards(try cli.run(["card", "list", "--json"])).compactMap { $0["name"] as? String } == ["Kept"])
    }

    @Test func helpShowsTheDocumentedForms() throws {
        let add = try cli.run(["card", "add", "--help"])
        #expect(add.stdout.contains("cardshow card add --name NAME --set SET --number NUMBER [--variant V] [--condition nm|lp|mp|hp|dmg] [--cost DOLLARS] [--value DOLLARS]"))
        #expect(try cli.run(["card", "list", "--help"]).stdout.contains("cardshow card list [--min-value V] [--max-value V] [--graded] [--json]"))
        #expect(try cli.run(["export", "--help"]).stdout.contains("cardshow export --format json|csv [--output FILE]"))
        #expect(try cli.run(["import", "--help"]).stdout.contains("cardshow import FILE [--format json|csv]"))
        #expect(add.stdout.contains("--store <path>"))
    }
}
