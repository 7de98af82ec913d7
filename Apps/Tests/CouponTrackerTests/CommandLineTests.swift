import CouponTracker
import Foundation
import Testing

@Suite struct CommandLineTests {
    struct TemplateCard: Decodable {
        struct Benefit: Decodable { let name: String; let value: String; let frequency: String }
        let name: String
        let benefits: [Benefit]
    }

    struct BenefitRow: Decodable { let name: String; let card: String; let value: String; let status: String; let periodEnd: String }
    struct Totals: Decodable { let redeemed: String; let expired: String; let available: String }

    @Test func demoFillsAnEmptyWalletOnceAndListsItsBenefits() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let first = try tool.ok("demo", "--now", "2026-03-10T12:00")
        #expect(first.contains("Added a sample wallet."))
        #expect(first.contains("Uber Cash"))
        let second = try tool.ok("demo", "--now", "2026-03-10T12:00")
        #expect(second.contains("nothing was added"))
        let rows = try JSONDecoder().decode([BenefitRow].self, from: Data(try tool.ok("benefits", "--json", "--now", "2026-03-10T12:00").utf8))
        #expect(Set(rows.map(\.card)) == ["Travel", "Dining", "Sapphire Reserve"])
        #expect(rows.contains { $0.status == "used" })
    }

    @Test func templatesListsEachCardWithItsBenefits() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let cards = try JSONDecoder().decode([TemplateCard].self, from: Data(try tool.ok("templates", "--json").utf8))
        #expect(cards.count == 10)
        #expect(cards.flatMap(\.benefits).count == 34)
        #expect(cards.first { $0.name == "Platinum Card" }?.benefits.contains { $0.name == "Walmart+ Credit" && $0.value == "12.95" } == true)
    }

    @Test func aMalformedTemplateFileIsRefusedOnStandardErrorNamingTheKeyPath() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("bad.json")
        try Data(#"{"schemaVersion": 1, "dataVersion": "x", "lastUpdated": "2026-01-01T00:00:00Z", "cards": [{"id": "550e8400-e29b-41d4-a716-446655440001", "name": "A", "issuer": "B", "benefits": [{"id": "550e8400-e29b-41d4-a716-446655440002", "name": "C", "description": "", "value": 1, "frequency": "weekly", "category": "dining"}]}]}"#.utf8).write(to: file)
        let output = try tool.run(["templates", "--templates", file.path])
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("cards[0].benefits[0].frequency"))
    }

    @Test func markUndoResetAndTotalsWorkAsOfTheMomentsGiven() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("add", "--template", "Gold Card", "--nickname", "Dining", "--now", "2026-03-01T08:00")
        try tool.ok("use", "Uber Cash", "--now", "2026-03-05T12:00")
        try tool.ok("use", "Dining Credit", "--now", "2026-03-05T12:00")
        try tool.ok("undo", "Dining Credit", "--now", "2026-03-06T12:00")
        let reset = try tool.ok("reset", "--now", "2026-04-01T09:00")
        #expect(reset.contains("Rolled 3 periods; 2 expired unused ($17.00)"))
        #expect(try tool.ok("reset", "--now", "2026-04-01T09:00").contains("nothing to reset"))
        let totals = try JSONDecoder().decode(Totals.self, from: Data(try tool.ok("totals", "--json", "--now", "2026-04-01T09:00").utf8))
        #expect(dec(totals.redeemed) == 10)
        #expect(dec(totals.expired) == 17)
        #expect(dec(totals.available) == 77)
    }

    @Test func aRefusedCommandPrintsTheReasonOnStandardErrorAndChangesNothing() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("add", "--template", "Gold Card", "--now", "2026-03-01T08:00")
        try tool.ok("use", "Uber Cash", "--now", "2026-03-05T12:00")
        let before = try tool.ok("export", "--now", "2026-03-05T12:00")

        for refused in [["use", "Uber Cash"], ["undo", "Dining Credit"], ["use", "Nothing"], ["add", "--template", "No Such Card"],
                        ["use", "Dining Credit", "--now", "2026-04-02"], ["add", "--custom", " "]] {
            let output = try tool.run(refused + (refused.contains("--now") ? [] : ["--now", "2026-03-05T12:00"]))
            #expect(output.status != 0, "\(refused)")
            #expect(!output.stderr.isEmpty, "\(refused)")
        }
        #expect(try tool.ok("export", "--now", "2026-03-05T12:00") == before)
    }

    @Test func aReadingCommandOnAMissingStoreIsRefusedAndCreatesNothing() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let output = try tool.run(["cards"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("There is no store"))
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func aMomentThatIsNotOneIsRefused() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let output = try tool.run(["demo", "--now", "2026-02-30"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("2026-02-30"))
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func anExportImportsIntoAnotherStore() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("demo", "--now", "2026-03-10T12:00")
        let file = tool.directory.appendingPathComponent("wallet.json").path
        try tool.ok("export", "--output", file, "--now", "2026-03-10T12:00")
        let other = tool.directory.appendingPathComponent("other.store").path
        let imported = try tool.run(["import", file, "--store", other])
        #expect(imported.status == 0, "\(imported.stderr)")
        let again = try tool.run(["import", file, "--store", other])
        #expect(again.status != 0)
        let original = try tool.ok("benefits", "--json", "--now", "2026-03-10T12:00")
        let copy = try tool.run(["benefits", "--json", "--now", "2026-03-10T12:00", "--store", other])
        #expect(copy.stdout == original)
    }

    @Test func aRefusedFirstCommandLeavesNoStoreBehind() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let output = try tool.run(["add", "--template", "No Such Card"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("No Such Card"))
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func remindersFollowThePreferredTimeOutOfQuietHours() throws {
        struct Reminder: Decodable { let benefit: String; let fireDate: Date }
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("add", "--template", "Marriott Bonvoy Brilliant", "--now", "2026-03-01T08:00")
        try tool.ok("preferences", "--time", "23:30", "--quiet-hours", "22-8")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let reminders = try decoder.decode([Reminder].self, from: Data(try tool.ok("reminders", "--json", "--now", "2026-03-02T12:00").utf8))
        // 7 days before 31 March at 23:30 is quiet: 08:00 on the 25th.
        #expect(reminders.map(\.benefit) == ["Dining Credit"])
        #expect(reminders.first?.fireDate == (try Clock.at(2026, 3, 25, 8)))
        let refused = try tool.run(["preferences", "--time", "25:00"])
        #expect(refused.status != 0)
        #expect(try tool.ok("preferences", "--json").contains("23:30"))
    }

    /// A template file newer than the bundled one (2026.02.01) in the tool's folder, whose Gold
    /// Card has the benefits `change` makes of the bundled one's, and the Bakery Credit.
    func newerTemplates(in tool: CouponTrackerProcess,
                        goldCard change: ([BenefitTemplate]) -> [BenefitTemplate] = { $0 }) throws -> URL {
        let bakery = BenefitTemplate(id: try #require(UUID(uuidString: "550e8400-e29b-41d4-a716-446655440299")),
                                     name: "Bakery Credit", description: "new", value: 5, frequency: .monthly, category: .dining)
        let cards = try CardDatabase.bundled(now: Clock.epoch).cards.map { card -> CardTemplate in
            guard card.name == "Gold Card" else { return card }
            return CardTemplate(id: card.id, name: card.name, issuer: card.issuer, lastUpdated: Clock.epoch,
                                benefits: change(card.benefits) + [bakery])
        }
        let file = tool.directory.appendingPathComponent("newer.json")
        try JSONEncoder().encode(CardDatabase(schemaVersion: 1, dataVersion: "2026.02.01", lastUpdated: Clock.epoch, cards: cards)).write(to: file)
        return file
    }

    @Test func syncingANewerTemplateFileAddsAndRetiresBenefits() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("add", "--template", "Gold Card", "--nickname", "Dining", "--now", "2026-03-01T08:00")
        let file = try newerTemplates(in: tool) { $0.filter { $0.name != "Dunkin' Credit" } }

        let synced = try tool.ok("sync-templates", "--templates", file.path, "--now", "2026-03-02T08:00")
        #expect(synced.contains("1 benefit added, 1 retired"))
        let rows = try JSONDecoder().decode([BenefitRow].self, from: Data(
            try tool.ok("benefits", "--json", "--templates", file.path, "--now", "2026-03-02T08:00").utf8))
        #expect(Set(rows.map(\.name)) == ["Uber Cash", "Dining Credit", "Resy Credit", "Bakery Credit"])
    }

    @Test func aBenefitOfANewerTemplateFileListedWithoutThatFileIsNotedNamingTheFileToGive() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("add", "--template", "Gold Card", "--nickname", "Dining", "--now", "2026-03-01T08:00")
        let file = try newerTemplates(in: tool)
        try tool.ok("sync-templates", "--templates", file.path, "--now", "2026-03-02T08:00")

        let listed = try tool.run(["benefits", "--now", "2026-03-02T08:00"])
        #expect(listed.status == 0)
        #expect(listed.stderr.contains("Note: 1 benefit comes from card templates the template file in use does not hold (the wallet "
                                       + "was brought up to templates 2026.02.01 with sync-templates)"), "\(listed.stderr)")
        #expect(listed.stderr.contains("--templates FILE"), "\(listed.stderr)")
        let withFile = try tool.run(["benefits", "--templates", file.path, "--now", "2026-03-02T08:00"])
        #expect(!withFile.stderr.contains("Note:"), "\(withFile.stderr)")
    }
}
