import CommandLineTestSupport
import Foundation
import Testing

/// What a hostile pass over coupontracker found: each input is refused in the user's words
/// (never a trap), or reported as it is, and nothing already saved is lost.
@Suite("coupontracker under hostile input")
struct HostileInputTests {
    /// A wallet with the Gold Card added on 2026-03-01, whose monthly "Uber Cash" was used on 2026-03-02.
    static func walletWithAUse() throws -> CouponTrackerProcess {
        let tool = try CouponTrackerProcess()
        try tool.ok("add", "--template", "Gold Card", "--nickname", "Dining", "--now", "2026-03-01T08:00")
        try tool.ok("use", "Uber Cash", "--now", "2026-03-02T08:00")
        return tool
    }

    func expectRefused(_ tool: CouponTrackerProcess, _ arguments: [String], says words: String) throws {
        let coupontracker = ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let input = BadInput(words, arguments, says: words)
        #expect(try Refusal.problems(running: coupontracker, arguments + ["--store", tool.store], for: input, store: tool.store) == [])
    }

    @Test func anEmptyMomentIsRefusedNotTrapped() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["benefits", "--now", ""], says: "is not a moment")
        try expectRefused(tool, ["benefits", "--now", "T09:30"], says: "is not a moment")
    }

    @Test func aMomentInAYearNoWalletReachesIsRefused() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["reset", "--now", "9999-12-31T23:59:59"], says: "from 1900 to 2199")
    }

    @Test func undoAfterThePeriodEndedIsRefused() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["undo", "Uber Cash", "--now", "2026-04-02T08:00"], says: "cannot be taken back")
    }

    @Test func undoWithinThePeriodStillWorks() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        #expect(try tool.ok("undo", "Uber Cash", "--now", "2026-03-20T08:00").contains("available again"))
    }

    @Test func reportsSayTheirFiguresAreStaleWhenAPeriodHasEndedSinceTheLastReset() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        for command in ["totals", "benefits", "cards", "expiring"] {
            let stale = try tool.run(command, "--now", "2026-04-02T08:00")
            #expect(stale.status == 0, "\(command): \(stale.stderr)")
            #expect(stale.stderr.contains("coupontracker reset"), "\(command): \(stale.stderr)")
        }
        let current = try tool.run("totals", "--now", "2026-03-20T08:00")
        #expect(current.stderr.isEmpty, "\(current.stderr)")
        try tool.ok("reset", "--now", "2026-04-02T08:00")
        #expect(try tool.run("totals", "--now", "2026-04-02T08:00").stderr.isEmpty)
    }

    @Test func pruningHistoryAfterTheMomentActedAsOfIsRefused() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["prune", "--before", "2027-01-01", "--now", "2026-03-10T08:00"], says: "after the moment")
        #expect(try tool.ok("history", "--now", "2026-03-10T08:00").contains("Uber Cash"))
    }

    @Test func quietHoursThatStartAndEndAtTheSameHourAreRefused() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["preferences", "--quiet-hours", "8-8"], says: "same hour")
    }

    /// The wallet's export with `change` applied to its first card, written to a file of the test's folder.
    func editedExport(of tool: CouponTrackerProcess, _ change: (inout [String: Any]) -> Void) throws -> String {
        let file = tool.directory.appendingPathComponent("export.json").path
        try tool.ok("export", file, "--now", "2026-03-03T08:00")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var cards = try #require(root["cards"] as? [[String: Any]])
        change(&cards[0])
        root["cards"] = cards
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test func importingANegativeCustomValueIsRefused() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let file = try editedExport(of: tool) { card in
            var benefits = card["benefits"] as? [[String: Any]] ?? []
            benefits[0]["customValue"] = -5
            card["benefits"] = benefits
        }
        let other = tool.directory.appendingPathComponent("other.store").path
        let output = try tool.run(["import", file, "--store", other])
        #expect(output.status != 0)
        #expect(output.stderr.contains("customValue"), "\(output.stderr)")
        #expect(output.stderr.contains("-5"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test func anAmountTooLargeForAnyNumberIsNamedNotCalledBrokenJSON() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let file = try editedExport(of: tool) { card in
            var history = card["usageHistory"] as? [[String: Any]] ?? []
            history[0]["valueRedeemed"] = 1e308
            card["usageHistory"] = history
        }
        let other = tool.directory.appendingPathComponent("other.store").path
        let output = try tool.run(["import", file, "--store", other])
        #expect(output.status != 0)
        #expect(output.stderr.contains("valueRedeemed"), "\(output.stderr)")
        #expect(!output.stderr.contains("not valid JSON"), "\(output.stderr)")
        #expect(InternalWords.found(in: output.stderr).isEmpty, "\(output.stderr)")
    }

    @Test func optionsBeforeTheCommandAreTaken() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let output = try tool.run(["--store", tool.store, "--now", "2026-03-10T08:00", "cards"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Dining") || output.stdout.contains("Gold Card"), "\(output.stdout)")
    }

    @Test func anEmptyFileAtTheStorePathIsRefusedAndLeftEmpty() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        #expect(FileManager.default.createFile(atPath: tool.store, contents: Data()))
        // Made an hour ago: not a store another coupontracker is creating now.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: tool.store)
        for arguments in [["cards"], ["add", "--template", "Gold Card"]] {
            let output = try tool.run(arguments)
            #expect(output.status != 0)
            #expect(output.stderr.contains("is an empty file, not a CouponTracker store"), "\(output.stderr)")
            #expect(output.stderr.contains(tool.store), "\(output.stderr)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: tool.store)[.size] as? Int == 0)
    }

    @Test func exportingOneCardSaysCard() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("one.json").path
        #expect(try tool.ok("export", file, "--now", "2026-03-03T08:00").contains("Exported 1 card to"))
    }
}
