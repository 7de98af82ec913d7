import CommandLineTestSupport
import Foundation
import Testing

/// Four cardshow processes changing one thing at the same moment: the check that allows
/// the change (the card is in stock, no event is running) and the save are one step, so
/// one process makes the change and the others are told why not.
@Suite("cardshow commands racing on one store")
struct StateChangeRaceTests {
    let home: TemporaryDirectory
    let tool: ToolProcess
    var store: String { home.file("cards.store").path }

    init() throws {
        home = try TemporaryDirectory()
        tool = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": home.url.path, "TZ": "UTC"])
    }

    /// Adds a card and returns its ID.
    func addCard() throws -> String {
        let added = try tool.run(["card", "add", "--name", "Solo", "--set", "S", "--number", "1", "--value", "10", "--json", "--store", store])
        try #require(added.status == 0, "\(added.stderr)")
        return try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
    }

    /// Runs the four argument lists at once, each with --store.
    func race(_ runs: [[String]]) async throws -> [ToolProcess.Output] {
        let tool = self.tool, store = self.store
        return try await withThrowingTaskGroup(of: ToolProcess.Output.self) { group in
            for arguments in runs { group.addTask { try tool.run(arguments + ["--store", store]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    func expectOneMadeIt(_ outputs: [ToolProcess.Output], othersSay words: String) {
        #expect(outputs.filter { $0.status == 0 }.count == 1, "\(outputs.map(\.stderr))")
        for refused in outputs where refused.status != 0 {
            #expect(refused.stderr.contains(words), "\(refused.stderr)")
        }
    }

    @Test func fourSalesOfOneCardAtOnceSellItOnce() async throws {
        let card = try addCard()
        let outputs = try await race((1...4).map { ["sale", "record", "--card", card, "--price", "\(100 + $0)"] })
        expectOneMadeIt(outputs, othersSay: "is not in stock")
        let sales = try tool.run(["sale", "list", "--json", "--store", store])
        #expect((try JSONSerialization.jsonObject(with: Data(sales.stdout.utf8)) as? [Any])?.count == 1, "\(sales.stdout)")
    }

    @Test func fourGradingSubmissionsOfOneCardAtOnceSendItOnce() async throws {
        let card = try addCard()
        let outputs = try await race(Array(repeating: ["grading", "submit", "--company", "psa", "--cost", "10", "--card", card], count: 4))
        expectOneMadeIt(outputs, othersSay: "already out for grading")
    }

    @Test func fourEventsStartedAtOnceLeaveOneRunning() async throws {
        _ = try addCard()
        let outputs = try await race((1...4).map { ["event", "start", "--name", "Show \($0)", "--location", "Hall"] })
        expectOneMadeIt(outputs, othersSay: "is already running")
    }
}
