import CommandLineTestSupport
import CouponTracker
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

    @Test func aRefusedCommandThroughADanglingLinkMakesNoStoreAndKeepsTheLink() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let link = tool.directory.appendingPathComponent("link.store").path
        let target = tool.directory.appendingPathComponent("target.store").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.store")
        let output = try tool.run(["add", "--template", "No Such Card", "--store", link])
        #expect(output.status != 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "target.store")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aRefusedCommandThroughALinkLoopLeavesTheLinks() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let first = tool.directory.appendingPathComponent("a.store").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: "b.store")
        try FileManager.default.createSymbolicLink(atPath: tool.directory.appendingPathComponent("b.store").path, withDestinationPath: "a.store")
        #expect(try tool.run(["demo", "--store", first]).status != 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: first)) == "b.store")
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

    @Test(arguments: ["1.5", "10000000000000000000"])
    func anExportVersionThatIsNoWholeNumberIsSaidNotToFitNotCalledInvalidJSON(_ version: String) throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("export.json").path
        try tool.ok("export", "--output", file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: #""exportVersion"\s*:\s*1"#, with: "\"exportVersion\": \(version)", options: .regularExpression)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let other = tool.directory.appendingPathComponent("other.store").path
        let output = try tool.run(["import", file, "--store", other])
        #expect(output.status != 0)
        #expect(output.stderr.contains("a number in it does not fit its field"), "\(output.stderr)")
        #expect(!output.stderr.contains("not valid JSON"), "\(output.stderr)")
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

    @Test func anImportWithAKeyGivenTwiceIsRefusedNamingIt() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let file = try editedExport(of: tool) { card in card["nickname"] = "Gold" }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: #""nickname":"Gold""#, with: #""nickname":"Gold","nickname":"Plum""#)
            .write(toFile: file, atomically: true, encoding: .utf8)
        let other = tool.directory.appendingPathComponent("other.store").path
        let output = try tool.run(["import", file, "--store", other])
        #expect(output.status != 0)
        #expect(output.stderr.contains(#"not valid at cards[0].nickname: the key "nickname" is given twice in one object"#), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    /// A card-template file without cards, its top level as the bundled one's.
    static let templateFile = #"{"schemaVersion": 1, "dataVersion": "2026.01.18", "lastUpdated": "2026-01-18", "cards": []}"#

    @Test func aTemplateFileGivenToImportIsNamedAsOne() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("CardTemplates.json")
        try Data(Self.templateFile.utf8).write(to: file)
        let output = try tool.run(["import", file.path, "--store", tool.store])
        #expect(output.status != 0)
        #expect(output.stderr.contains("it is a CouponTracker card-template file, not a CouponTracker export: "
                                       + "give it to coupontracker with --templates FILE"), "\(output.stderr)")
    }

    @Test func anExportGivenAsTheTemplatesIsNamedAsOne() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let export = tool.directory.appendingPathComponent("wallet.json").path
        try tool.ok("export", "--output", export)
        let output = try tool.run(["templates", "--templates", export])
        #expect(output.status != 0)
        #expect(output.stderr.contains("it is a CouponTracker export, not a CouponTracker card-template file: "
                                       + "import it with `coupontracker import FILE`"), "\(output.stderr)")
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
        #expect(try tool.ok("export", "--output", file, "--now", "2026-03-03T08:00").contains("Exported 1 card to"))
    }

    @Test func anExportFileGivenAsAWordIsRefusedPointingToOutput() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("one.json").path
        try expectRefused(tool, ["export", file], says: "write `coupontracker export --output \(file)`")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func anExportToADashIsRefusedSayingStandardOutputIsWhereItWritesWithoutOutput() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["export", "-"], says: "writes to standard output when --output is left out")
    }

    @Test func anExportOntoTheStoreItselfIsRefusedAndTheStoreIsKept() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["export", "--output", tool.store], says: "would replace the store")
        try expectRefused(tool, ["export", "--output", tool.store + "-wal"], says: "would replace the store")
        #expect(try tool.ok("cards").contains("Dining"))
    }

    /// The bundled catalog as a file of `version`, with `cards` changed.
    func templateFile(_ tool: CouponTrackerProcess, _ name: String, version: String,
                      cards: ([CardTemplate]) throws -> [CardTemplate] = { $0 }) throws -> String {
        let bundled = try CardDatabase.bundled(now: Clock.epoch)
        let file = CardDatabase(schemaVersion: 1, dataVersion: version, lastUpdated: Clock.epoch, cards: try cards(bundled.cards))
        let path = tool.directory.appendingPathComponent(name).path
        try JSONEncoder().encode(file).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aTemplateFileThatWouldRetireEveryBenefitIsRefusedAndNothingIsRetired() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let empty = try templateFile(tool, "empty.json", version: "2026.02.01") { _ in [] }
        try expectRefused(tool, ["sync-templates", "--templates", empty, "--now", "2026-03-03T08:00"], says: "would retire every one")
    }

    @Test func aTemplateFileOlderThanTheOneLastSyncedIsRefused() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let older = try templateFile(tool, "older.json", version: "2025.06.01")
        try expectRefused(tool, ["sync-templates", "--templates", older, "--now", "2026-03-03T08:00"], says: "older than 2026.01.18")
        let newer = try templateFile(tool, "newer.json", version: "2026.03.01")
        try tool.ok("sync-templates", "--templates", newer, "--now", "2026-03-03T08:00")
        let between = try templateFile(tool, "between.json", version: "2026.02.01")
        try expectRefused(tool, ["sync-templates", "--templates", between, "--now", "2026-03-03T08:00"], says: "older than 2026.03.01")
    }

    @Test func aSyncBringsBackABenefitThatIsInTheCatalogAgain() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let withoutUber = try templateFile(tool, "without.json", version: "2026.02.01") { cards in
            cards.map { card in
                guard card.name == "Gold Card" else { return card }
                return CardTemplate(id: card.id, name: card.name, issuer: card.issuer, lastUpdated: Clock.epoch,
                                    benefits: card.benefits.filter { $0.name != "Uber Cash" })
            }
        }
        #expect(try tool.ok("sync-templates", "--templates", withoutUber, "--now", "2026-03-03T08:00").contains("1 retired"))
        let again = try templateFile(tool, "again.json", version: "2026.03.01")
        let synced = try tool.ok("sync-templates", "--templates", again, "--now", "2026-03-03T08:00")
        #expect(synced.contains("1 back in the catalog and active again"), "\(synced)")
        let rows = try JSONDecoder().decode([CommandLineTests.BenefitRow].self, from: Data(
            try tool.ok("benefits", "--json", "--templates", again, "--now", "2026-03-03T08:00").utf8))
        let uber = try #require(rows.first { $0.name == "Uber Cash" }, "\(rows.map(\.name))")
        // Used on 2026-03-02, in the period it is back in: the use still counts.
        #expect(uber.status == "used", "\(uber)")
    }

    @Test func anImportedNicknameOverFourThousandCharactersIsRefusedNamingItsKeyPath() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        let export = tool.directory.appendingPathComponent("wallet.json")
        try tool.ok("export", "--output", export.path, "--now", "2026-03-03T08:00")
        let text = try String(contentsOf: export, encoding: .utf8)
        #expect(text.contains("\"Dining\""))
        try text.replacingOccurrences(of: "\"Dining\"", with: "\"\(String(repeating: "N", count: 1_000_000))\"")
            .write(to: export, atomically: true, encoding: .utf8)
        let other = try CouponTrackerProcess()
        defer { other.remove() }
        try expectRefused(other, ["import", export.path, "--now", "2026-03-03T08:00"], says: "cards[0].nickname")
        #expect(!FileManager.default.fileExists(atPath: other.store))
    }

    @Test func theAvailableTotalOfOneCardsBenefitsIsThatCards() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("demo", "--now", "2026-03-10T12:00")
        struct Card: Decodable { let name: String; let nickname: String?; let availableValue: String }
        let cards = try JSONDecoder().decode([Card].self, from: Data(try tool.ok("cards", "--json", "--now", "2026-03-10T12:00").utf8))
        let dining = try #require(cards.first { $0.nickname == "Dining" })
        let listed = try tool.ok("benefits", "--card", "Dining", "--now", "2026-03-10T12:00")
        let total = try #require(listed.split(separator: "\n").last { $0.hasPrefix("Available: ") })
        #expect(total.replacingOccurrences(of: ",", with: "").contains(dining.availableValue.components(separatedBy: ".").first ?? "?"), "\(total) vs \(dining.availableValue)")
        let all = cards.compactMap { Decimal(string: $0.availableValue) }.reduce(0, +)
        #expect(Decimal(string: dining.availableValue) != all)
    }

    @Test func negativeNumbersAreRefusedByTheirRangesNotTakenForOptions() throws {
        let tool = try Self.walletWithAUse()
        defer { tool.remove() }
        try expectRefused(tool, ["preferences", "--default-days", "-3"], says: "-3")
        try expectRefused(tool, ["preferences", "--quiet-hours", "-1-8"], says: "is not quiet hours")
        try expectRefused(tool, ["history", "--limit", "-1"], says: "--limit must be at least 1")
    }
}
