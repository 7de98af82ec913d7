import CommandLineTestSupport
import CouponTracker
import Foundation
import Testing

/// A first command that is refused (`add`, `import`) on a store path with no store checks what
/// it was given before it makes the store: it leaves neither a store nor the folder it would
/// have made for one, and removes nothing another process may have made meanwhile.
@Suite struct RefusedFirstCommandTests {
    /// A CouponTracker export of one custom card, with `change` made to the card.
    static func export(in tool: CouponTrackerProcess, changing change: (inout [String: Any]) -> Void) throws -> String {
        try tool.ok("add", "--custom", "Shop Card", "--now", "2026-03-01T08:00")
        try tool.ok("add-benefit", "--card", "Shop Card", "--name", "Coffee", "--value", "5", "--frequency", "monthly",
                    "--now", "2026-03-01T08:00")
        let file = tool.directory.appendingPathComponent("wallet.json")
        try tool.ok("export", "--output", file.path, "--now", "2026-03-01T08:00")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var cards = try #require(document["cards"] as? [[String: Any]])
        change(&cards[0])
        document["cards"] = cards
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        return file.path
    }

    static let refusedAdds: [[String]] = [
        ["add", "--template", "No Such Card"],
        ["add", "--custom", " "],
        ["add", "--custom", "Shop", "--color", "red"],
        ["add", "--custom", "Shop", "--nickname", "Two\nLines"],
    ]

    @Test(arguments: refusedAdds)
    func aRefusedFirstAddMakesNeitherTheStoreNorItsFolder(_ arguments: [String]) throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let folder = tool.directory.appendingPathComponent("new").path
        let output = try tool.run(arguments + ["--store", folder + "/wallet.store"])
        #expect(output.status == 1, "\(arguments): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder), "\(arguments)")
    }

    static let refusedImports: [(change: @Sendable (inout [String: Any]) -> Void, says: String)] = [
        ({ card in
            var benefits = card["benefits"] as? [[String: Any]] ?? []
            benefits[0]["customValue"] = -5
            card["benefits"] = benefits
        }, "cards[0].benefits[0].customValue"),
        ({ card in card["customName"] = "" }, "A custom card needs a name"),
        ({ card in
            var benefits = card["benefits"] as? [[String: Any]] ?? []
            benefits[0]["reminderDaysBefore"] = 99
            card["benefits"] = benefits
        }, "Reminder days must be between 0 and 30"),
    ]

    @Test(arguments: refusedImports.indices)
    func aRefusedFirstImportMakesNeitherTheStoreNorItsFolder(_ index: Int) throws {
        let (change, says) = Self.refusedImports[index]
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let file = try Self.export(in: tool, changing: change)
        let folder = tool.directory.appendingPathComponent("new").path
        let output = try tool.run(["import", file, "--store", folder + "/wallet.store"])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains(says), "\(output.stderr)")
        #expect(output.stderr.contains("Nothing was imported"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aRefusedFirstAddAtTheDefaultStoreMakesNoFolderInTheHome() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let home = tool.directory.appendingPathComponent("home").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let output = try ToolProcess("coupontracker", environment: ["HOME": home, "XDG_DATA_HOME": "", "TZ": "UTC"])
            .run(["add", "--template", "No Such Card"])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
    }

    @Test func aDemoWhoseTemplateFileRetiresADemoCardFillsTheWalletWithTheActiveOnes() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let bundled = try CardDatabase.bundled(now: Clock.epoch)
        let cards = bundled.cards.map { card in
            card.name != "Platinum Card" ? card
                : CardTemplate(id: card.id, name: card.name, issuer: card.issuer, isActive: false, lastUpdated: card.lastUpdated,
                               benefits: card.benefits)
        }
        let file = tool.directory.appendingPathComponent("templates.json")
        try JSONEncoder().encode(CardDatabase(schemaVersion: 1, dataVersion: bundled.dataVersion, lastUpdated: Clock.epoch, cards: cards))
            .write(to: file)
        let output = try tool.run(["demo", "--templates", file.path, "--now", "2026-03-10T12:00"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Added a sample wallet."), "\(output.stdout)")
        let rows = try JSONDecoder().decode([CommandLineTests.BenefitRow].self, from: Data(
            try tool.ok("benefits", "--json", "--templates", file.path, "--now", "2026-03-10T12:00").utf8))
        #expect(Set(rows.map(\.card)) == ["Dining", "Sapphire Reserve"], "the retired Platinum Card is nicknamed Travel")
    }
}
