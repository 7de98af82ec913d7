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
}
