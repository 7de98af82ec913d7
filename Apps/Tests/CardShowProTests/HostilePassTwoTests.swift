import CommandLineTestSupport
import Foundation
import Testing
@testable import CardShowPro

/// The second hostile pass over cardshow: values that made records wrong are refused,
/// and the conventions shared with the other tools.
@Suite("cardshow under the second hostile pass")
struct HostilePassTwoTests {
    let home: TemporaryDirectory
    let tool: ToolProcess
    var store: String { home.file("cards.store").path }

    init() throws {
        home = try TemporaryDirectory()
        tool = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": home.url.path, "TZ": "UTC"])
    }

    /// Adds a card and returns its ID.
    func addCard(_ extra: [String] = []) throws -> String {
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--value", "12",
                                  "--json", "--store", store] + extra)
        try #require(added.status == 0, "\(added.stderr)")
        return try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
    }

    func expectRefused(_ arguments: [String], says words: String) throws {
        let input = BadInput(words, arguments, says: words)
        #expect(try Refusal.problems(running: tool, arguments + ["--store", store], for: input, store: store) == [])
    }

    @Test func anAmountIsRoundedToCentsOnItsDecimalDigitsNotItsBinaryValue() {
        // 1.005 is 1.00499999... as a Double: rounded as the dealer wrote it, it is 1.01.
        #expect(DealerInput.amount("1.005") == 1.01)
        #expect(DealerInput.amount("12.345") == 12.35)
        #expect(Money.cents(0.1 + 0.2) == 0.3)
    }

    /// A JSON import of one card acquired at `acquired`.
    func importFile(acquired: String, extra: String = "") throws -> String {
        let file = home.file("import.json").path
        try ("{\"version\":\"1.0\",\"exportDate\":\"2026-01-01T00:00:00Z\",\"cards\":[{\"name\":\"A\",\"setName\":\"S\","
             + "\"cardNumber\":\"1\",\"variant\":\"Normal\",\"condition\":\"Near Mint\",\"marketValue\":5,"
             + "\"acquiredDate\":\"\(acquired)\"\(extra)}]}").write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func theHour24IsRefusedInAnArgumentNotMovedToTheNextDay() throws {
        let card = try addCard()
        try expectRefused(["sale", "record", "--card", card, "--price", "20", "--date", "2026-01-01 24:00"], says: "2026-01-01 24:00")
        try expectRefused(["sale", "record", "--card", card, "--price", "20", "--date", "2026-01-01T24:00:00Z"], says: "2026-01-01T24:00:00Z")
    }

    @Test func theHour24IsRefusedInAJSONImportNotMovedToTheNextDay() throws {
        _ = try addCard()
        let file = try importFile(acquired: "2026-01-01T24:00:00Z")
        try expectRefused(["import", file], says: "acquiredDate")
        let fine = try importFile(acquired: "2026-01-01T23:59:59Z")
        #expect(try tool.run(["import", fine, "--store", store]).status == 0)
    }

    @Test func aSaleDatedInTheFutureOrBeforeTheCardWasAcquiredIsRefused() throws {
        let card = try addCard(["--acquired", "2026-01-10"])
        try expectRefused(["sale", "record", "--card", card, "--price", "20", "--date", "2199-01-01"], says: "in the future")
        try expectRefused(["sale", "record", "--card", card, "--price", "20", "--date", "2026-01-09"], says: "before it was acquired")
        #expect(try tool.run(["sale", "record", "--card", card, "--price", "20", "--date", "2026-01-10", "--store", store]).status == 0)
        try expectRefused(["card", "update", card, "--acquired", "2026-01-11"], says: "before it was acquired")
    }

    @Test func aCardAcquiredInTheFutureIsRefused() throws {
        let card = try addCard()
        try expectRefused(["card", "update", card, "--acquired", "2199-01-01"], says: "acquired in the future")
        try expectRefused(["card", "add", "--name", "B", "--set", "S", "--number", "2", "--value", "1", "--acquired", "2199-01-01"],
                          says: "acquired in the future")
    }

    @Test func aGradingCompanyTheHelpDoesNotListIsRefused() throws {
        let card = try addCard()
        try expectRefused(["card", "update", card, "--graded-by", "XYZ"], says: "\"XYZ\" is not a grading company")
        #expect(try tool.run(["card", "update", card, "--graded-by", "psa", "--grade", "9", "--store", store]).status == 0)
    }

    @Test func pricesOutOfOrderAreRefused() throws {
        _ = try addCard()
        try expectRefused(["price", "set", "base1-4", "--low", "10", "--market", "5", "--high", "1"], says: "out of order")
        try expectRefused(["price", "set", "base1-4", "--market", "5", "--high", "1"], says: "out of order")
        #expect(try tool.run(["price", "set", "base1-4", "--low", "1", "--market", "5", "--high", "10", "--store", store]).status == 0)
    }

    @Test func aTradePercentageBelowOnePercentIsRefusedNotShownAsZero() throws {
        let card = try addCard()
        try expectRefused(["trade", "record", "--give", card, "--receive", "B|S|2|10", "--percentage", "0.0001"], says: "from 1% to 100%")
    }

    @Test func anEmptyTagIsRefusedOnTheCommandLineAndInAnImport() throws {
        let card = try addCard()
        try expectRefused(["card", "update", card, "--tag", ""], says: "tag can't be empty")
        try expectRefused(["card", "update", card, "--tag", "Holo", "--tag", "  "], says: "tag can't be empty")
        let file = try importFile(acquired: "2026-01-01T00:00:00Z", extra: ",\"tags\":[\"\",\"\"]")
        try expectRefused(["import", file], says: "tag can't be empty")
    }

    @Test func aNewCardImportedAsSoldSaysWhereItIsListedAndThatItHasNoSale() throws {
        let file = try importFile(acquired: "2026-01-01T00:00:00Z", extra: ",\"status\":\"Sold\"")
        let output = try tool.run(["import", file, "--store", store])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("1 new card is sold or traded away"), "\(output.stdout)")
        #expect(output.stdout.contains("card list --include-sold"), "\(output.stdout)")
        let listed = try tool.run(["card", "list", "--include-sold", "--json", "--store", store])
        #expect(listed.stdout.contains("\"Sold\""), "\(listed.stdout)")
    }

    @Test func aReversedValueRangeIsRefusedNotAnsweredWithNoCards() throws {
        _ = try addCard()
        try expectRefused(["card", "list", "--min-value", "10", "--max-value", "5"], says: "--min-value $10.00 is above --max-value $5.00")
    }
}
