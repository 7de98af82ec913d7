import CommandLineTestSupport
import Foundation
import Testing

/// `cardshow event bring -` reads the cards' IDs from standard input, one a line: thousands of
/// IDs as arguments cost the argument parser time in the square of their count.
@Suite struct StandardInputIDsTests {
    let directory: TemporaryDirectory
    let tool: CardShowProcess
    var store: String { directory.file("cards.store").path }

    init() throws {
        directory = try TemporaryDirectory()
        tool = CardShowProcess(dataHome: directory.url)
    }

    func bring(_ words: String, input: String) throws -> ToolProcess.Output {
        let file = directory.file("ids.txt")
        try input.write(to: file, atomically: true, encoding: .utf8)
        return try ToolProcess("cardshow", environment: ["XDG_DATA_HOME": directory.url.path])
            .runShell("event bring \(words) --store '\(store)' < '\(file.path)'")
    }

    func startedShowWithCards(_ names: [String]) throws -> [String] {
        let ids = try names.map { name in
            let added = try tool.run(["card", "add", "--name", name, "--set", "S", "--number", "1", "--json", "--store", store])
            let card = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
            return try #require(card?["id"] as? String)
        }
        #expect(try tool.run(["event", "start", "--name", "Show", "--location", "Hall", "--store", store]).status == 0)
        return ids
    }

    @Test func cardsWhoseIDsAreOnStandardInputAreBroughtAsIfGivenAsArguments() throws {
        let ids = try startedShowWithCards(["Pikachu", "Mew", "Eevee"])
        // Whole IDs and the first 8 characters, with spaces and a blank line around them.
        let brought = try bring("-", input: "  \(ids[0])\n\n\(ids[1].prefix(8))  \r\n")
        #expect(brought.status == 0, "\(brought.stderr)")
        #expect(brought.stdout.contains("2 cards brought"), "\(brought.stdout)")
    }

    @Test func aDashAmongIDsGivenAsArgumentsAddsTheLinesOfStandardInput() throws {
        let ids = try startedShowWithCards(["Pikachu", "Mew", "Eevee"])
        let brought = try bring("\(ids[2]) -", input: ids[0] + "\n")
        #expect(brought.status == 0, "\(brought.stderr)")
        #expect(brought.stdout.contains("2 cards brought"), "\(brought.stdout)")
    }

    @Test func aDashGivenTwiceIsRefused() throws {
        _ = try startedShowWithCards(["Pikachu"])
        let refused = try bring("- -", input: "")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Give - once: it reads the card IDs from standard input, one a line."), "\(refused.stderr)")
    }

    @Test func standardInputOfNoIDsIsRefusedNamingWhatItShouldHold() throws {
        _ = try startedShowWithCards(["Pikachu"])
        let refused = try bring("-", input: "\n  \n")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Standard input held no card IDs: give them one a line, or as arguments."), "\(refused.stderr)")
    }
}
