import CommandLineTestSupport
import Foundation
import Testing

/// The second hostile pass over coupontracker: amounts are money (whole cents), moments
/// are refused alike in arguments and imports, and the conventions shared with the other tools.
@Suite("coupontracker under the second hostile pass")
struct HostilePassTwoTests {
    struct CardRow: Decodable { let name: String; let availableValue: String }
    struct BenefitRow: Decodable { let name: String; let value: String }

    /// A wallet with one custom card, "Mine", added on 2026-03-01.
    static func wallet() throws -> CouponTrackerProcess {
        let tool = try CouponTrackerProcess()
        try tool.ok("add", "--custom", "Mine", "--now", "2026-03-01T08:00")
        return tool
    }

    @Test func aValueOfFractionsOfACentIsKeptInWholeCentsSoTheCardTotalsWhatTheBenefitsShow() throws {
        let tool = try Self.wallet()
        defer { tool.remove() }
        for name in ["One", "Two", "Three"] {
            let added = try tool.ok("add-benefit", "--card", "Mine", "--name", name, "--value", "0.005", "--frequency", "monthly",
                                    "--now", "2026-03-01T09:00")
            #expect(added.contains("$0.01 monthly"), "\(added)")
        }
        let card = try JSONDecoder().decode([CardRow].self, from: Data(try tool.ok("cards", "--json", "--now", "2026-03-02T08:00").utf8))
        #expect(card.first?.availableValue == "0.03")
        #expect(try tool.ok("cards", "--now", "2026-03-02T08:00").contains("$0.03"))
    }

    @Test func aValueWithThreeDecimalsIsShownAndExportedAsTheSameCents() throws {
        let tool = try Self.wallet()
        defer { tool.remove() }
        let added = try tool.ok("add-benefit", "--card", "Mine", "--name", "Parking", "--value", "12.345", "--frequency", "monthly",
                                "--now", "2026-03-01T09:00")
        #expect(added.contains("$12.35"), "\(added)")
        let file = tool.directory.appendingPathComponent("values.json").path
        try tool.ok("export", "--output", file, "--now", "2026-03-03T08:00")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("12.35") && !text.contains("12.345"), "\(text)")
    }

    @Test func aLineBreakInAnImportedBenefitNameIsRefusedNamingIt() throws {
        let tool = try Self.wallet()
        defer { tool.remove() }
        try tool.ok("add-benefit", "--card", "Mine", "--name", "Parking", "--value", "5", "--frequency", "monthly", "--now", "2026-03-01T09:00")
        let file = try editedExport(of: tool) { card in
            var benefits = card["benefits"] as? [[String: Any]] ?? []
            benefits[0]["customName"] = "Park\ning"
            card["benefits"] = benefits
        }
        let other = tool.directory.appendingPathComponent("other.store").path
        let imported = try tool.run(["import", file, "--store", other])
        #expect(imported.status != 0)
        #expect(imported.stderr.contains("cards[0].benefits[0].customName: \"Park\\u{A}ing\" has a line break (\\u{A}) at character 5: "
                                         + "names are one line"), "\(imported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test func anImportedValueWithThreeDecimalsIsKeptInWholeCents() throws {
        let tool = try Self.wallet()
        defer { tool.remove() }
        try tool.ok("add-benefit", "--card", "Mine", "--name", "Parking", "--value", "5", "--frequency", "monthly", "--now", "2026-03-01T09:00")
        let file = try editedExport(of: tool) { card in
            var benefits = card["benefits"] as? [[String: Any]] ?? []
            benefits[0]["customValue"] = Decimal(string: "12.345")
            card["benefits"] = benefits
        }
        let other = tool.directory.appendingPathComponent("other.store").path
        let imported = try tool.run(["import", file, "--store", other])
        #expect(imported.status == 0, "\(imported.stderr)")
        let rows = try JSONDecoder().decode([BenefitRow].self, from: Data(
            try tool.run(["benefits", "--json", "--store", other, "--now", "2026-03-03T08:00"]).stdout.utf8))
        #expect(rows.map(\.value) == ["12.35"])
    }

    /// A wallet whose benefit "Parking" was used on 2026-03-02.
    static func walletWithAUse() throws -> CouponTrackerProcess {
        let tool = try wallet()
        try tool.ok("add-benefit", "--card", "Mine", "--name", "Parking", "--value", "5", "--frequency", "monthly", "--now", "2026-03-01T09:00")
        try tool.ok("use", "Parking", "--now", "2026-03-02T08:00")
        return tool
    }

    func expectImportRefused(_ tool: CouponTrackerProcess, usedDate: String, says words: String) throws {
        let file = try editedExport(of: tool) { card in
            var history = card["usageHistory"] as? [[String: Any]] ?? []
            history[0]["usedDate"] = usedDate
            card["usageHistory"] = history
        }
        let other = tool.directory.appendingPathComponent("other-\(UUID().uuidString).store").path
        let output = try tool.run(["import", file, "--store", other])
        #expect(output.status != 0, "\(usedDate) was imported")
        #expect(output.stderr.contains(words), "\(output.stderr)")
        #expect(output.stderr.contains("usedDate"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test func anImportedMomentOutsideTheYearsTheCommandLineTakesIsRefused() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectImportRefused(tool, usedDate: "2300-01-01T00:00:00.000Z", says: "from 1900 to 2199")
        try expectImportRefused(tool, usedDate: "1850-01-01T00:00:00.000Z", says: "from 1900 to 2199")
    }

    @Test func theHour24IsRefusedInAnImportNotMovedToTheNextDay() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectImportRefused(tool, usedDate: "2026-03-02T24:00:00.000Z", says: "00:00 to 23:59")
    }

    @Test func theHour24IsRefusedInNowAsInPreferencesTime() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["benefits", "--now", "2026-11-27T24:00"], says: "from 00 to 23")
        try expectRefused(tool, ["benefits", "--now", "2026-11-27T24:00:00Z"], says: "from 00 to 23")
        try expectRefused(tool, ["preferences", "--time", "24:00"], says: "24")
    }
}
