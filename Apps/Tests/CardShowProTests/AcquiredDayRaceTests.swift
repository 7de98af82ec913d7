import CommandLineTestSupport
import Foundation
import Testing

/// A card's day acquired moved later by one cardshow process while another moves the day its
/// grading submission was sent earlier: each checked the other's record as it read it before
/// the other saved, so both were saved, and the card was left sent before it was acquired,
/// every later change of the submission refused by the rule.
@Suite("cardshow processes moving a card's day acquired and its submission's day sent at once")
struct AcquiredDayRaceTests {
    let home: TemporaryDirectory
    let tool: ToolProcess
    var store: String { home.file("cards.store").path }
    /// Races of two processes the test runs: about one in eight left the card broken before.
    static let rounds = 24

    init() throws {
        home = try TemporaryDirectory()
        tool = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": home.url.path, "TZ": "UTC"])
    }

    /// A new store's one card, acquired on 2026-03-01; returns its ID.
    func newCard() throws -> String {
        try? FileManager.default.removeItem(atPath: store)
        let added = try tool.run(["card", "add", "--name", "Mew", "--set", "Promo", "--number", "8", "--value", "50",
                                  "--acquired", "2026-03-01", "--json", "--store", store])
        try #require(added.status == 0, "\(added.stderr)")
        return String(try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String).prefix(8))
    }

    /// Runs both argument lists at once, each with --store.
    func race(_ first: [String], _ second: [String]) async throws -> [ToolProcess.Output] {
        let tool = self.tool, store = self.store
        async let one = Task { try tool.run(first + ["--store", store]) }.value
        async let two = Task { try tool.run(second + ["--store", store]) }.value
        return try await [one, two]
    }

    @Test func aDayAcquiredMovedWhileTheSubmissionsDaySentMovesNeverLeavesTheCardSentBeforeItWasAcquired() async throws {
        for _ in 1...Self.rounds {
            let card = try newCard()
            let sent = try tool.run(["grading", "submit", "--company", "psa", "--cost", "5", "--card", card, "--json", "--store", store])
            let submission = String(try #require((try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])?["id"] as? String).prefix(8))
            let moved = try tool.run(["grading", "edit", submission, "--submitted", "2026-04-01", "--store", store])
            try #require(moved.status == 0, "\(moved.stderr)")
            let outputs = try await race(["card", "update", card, "--acquired", "2026-03-20"],
                                         ["grading", "edit", submission, "--submitted", "2026-03-10"])
            #expect(outputs.filter { $0.status == 0 }.count == 1, "\(outputs.map(\.stderr))")
            let advanced = try tool.run(["grading", "advance", submission, "--to", "received", "--store", store])
            #expect(advanced.status == 0, "\(advanced.stderr)")
        }
    }
}
