import CommandLineTestSupport
import Foundation
import Testing

/// Stored names and notes reach the terminal escaped in the commands that print them
/// outside a table: an escape sequence or a right-to-left override is shown, not obeyed.
@Suite("cardshow prints stored text escaped")
struct StoredTextEscapingTests {
    let home: TemporaryDirectory
    let tool: ToolProcess
    var store: String { home.file("cards.store").path }
    /// U+202E, which reverses the rest of the line: typed text may hold it (an argument
    /// with ESC is refused, but an import may bring one, as `importCard` does).
    let hostile = "Ab\u{202E}cd"

    init() throws {
        home = try TemporaryDirectory()
        tool = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": home.url.path, "TZ": "UTC"])
    }

    func ok(_ arguments: [String]) throws -> String {
        let output = try tool.run(arguments + ["--store", store])
        try #require(output.status == 0, "\(output.stderr)")
        return output.stdout
    }

    func expectEscaped(_ text: String) {
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(text.debugDescription)")
        #expect(text.contains(#"Ab\u{202E}cd"#), "\(text)")
    }

    /// Imports a card named with an escape sequence (red text) and returns its ID.
    func importCard() throws -> String {
        let file = home.file("card.json")
        try (#"{"exportDate": "2026-03-01T00:00:00Z", "version": "1.0", "cards": [{"name": "\u001b[31mRED", "setName": "S", "#
             + #""cardNumber": "1", "variant": "Holo", "condition": "Near Mint", "marketValue": 10, "acquiredDate": "2026-03-01T00:00:00Z"}]}"#)
            .write(to: file, atomically: true, encoding: .utf8)
        _ = try ok(["import", file.path])
        let cards = try ok(["card", "list", "--json"])
        return try #require((try JSONSerialization.jsonObject(with: Data(cards.utf8)) as? [[String: Any]])?.first?["id"] as? String)
    }

    @Test func contactShowEscapesTheContactsNameNotesAndPurchases() throws {
        let added = try ok(["contact", "add", "--name", hostile, "--notes", hostile, "--json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(added.utf8)) as? [String: Any])?["id"] as? String)
        _ = try ok(["sale", "record", "--card", try importCard(), "--price", "20", "--contact", id])
        let shown = try ok(["contact", "show", id])
        expectEscaped(shown)
        #expect(shown.components(separatedBy: #"\u{202E}"#).count == 3 && shown.contains(#"\u{1B}[31mRED"#), "\(shown)")
    }

    @Test func eventEndReportAndStatsEscapeTheEventsName() throws {
        _ = try importCard()
        _ = try ok(["event", "start", "--name", hostile, "--location", hostile])
        expectEscaped(try ok(["stats"]))
        expectEscaped(try ok(["event", "report"]))
        expectEscaped(try ok(["event", "end"]))
    }
}
