import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// A record another program stored that `coupontracker import` refuses (reminder days of
/// 400, a period ending in the year 5828963, a quiet hour of 99): the export wrote it, and its
/// import refused the whole file, so a backup taken every night restored nothing.
@Suite struct UnimportableWalletExportTests {
    /// A wallet of the Gold Card (nicknamed Dining) and a custom card, Costco, with quiet
    /// hours, and `sql` run on its store after.
    func wallet(then sql: String) throws -> CouponTrackerProcess {
        let tool = try CouponTrackerProcess()
        try tool.ok("add", "--template", "Gold Card", "--nickname", "Dining", "--now", "2026-03-15")
        try tool.ok("add", "--custom", "Costco", "--now", "2026-03-15")
        try tool.ok("preferences", "--quiet-hours", "22-7", "--now", "2026-03-15")
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        return tool
    }

    static let diningsFirstBenefit = "(SELECT MIN(b.Z_PK) FROM Benefit b JOIN UserCard c ON b.userCard = c.Z_PK WHERE c.nickname = 'Dining')"

    @Test func aBenefitsReminderDaysAnotherProgramStoredAreRefusedByTheExportNamingTheCardNotWrittenForImportToRefuse() throws {
        let tool = try wallet(then: "UPDATE Benefit SET reminderDaysBefore = 400 WHERE Z_PK = \(Self.diningsFirstBenefit)")
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("wallet.json").path
        let exported = try tool.run("export", "--output", file, "--now", "2026-03-15")
        #expect(exported.status == 1)
        #expect(exported.stderr.contains("The wallet holds what `coupontracker import` refuses, which another program stored, so nothing "
                                         + "was exported: in the card Dining ("), "\(exported.stderr)")
        #expect(exported.stderr.contains(".reminderDaysBefore: Reminder days must be between 0 and 30, not 400.\n"
                                         + "Run `coupontracker reset`, which puts those reminder days back to the wallet's default, "
                                         + "or remove that card with `coupontracker remove "), "\(exported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func aPeriodEndAnotherProgramStoredOutsideTheYearsIsRefusedByTheExport() throws {
        let tool = try wallet(then: "UPDATE Benefit SET currentPeriodEnd = 1e300 WHERE Z_PK = \(Self.diningsFirstBenefit)")
        defer { tool.remove() }
        let exported = try tool.run("export", "--now", "2026-03-15")
        #expect(exported.status == 1)
        #expect(exported.stderr.contains(".currentPeriodEnd: '"), "\(exported.stderr)")
        #expect(exported.stderr.contains("is not a moment such as 2026-01-18T00:00:00.000Z"), "\(exported.stderr)")
        #expect(exported.stderr.contains("Run `coupontracker reset`, which puts that period back in the one holding today, or remove "
                                         + "that card with `coupontracker remove "), "\(exported.stderr)")
        #expect(exported.stdout.isEmpty)
        let reset = try tool.ok("reset", "--now", "2026-03-15")
        #expect(reset.hasPrefix("Put 1 benefit whose period another program stored outside the years the wallet keeps "), "\(reset)")
        #expect(try tool.run("export", "--now", "2026-03-15").status == 0)
    }

    @Test func skippingUnreadableCardsExportsTheOthersWhichImportAgain() throws {
        let tool = try wallet(then: "UPDATE Benefit SET reminderDaysBefore = 400 WHERE Z_PK = \(Self.diningsFirstBenefit)")
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("wallet.json").path
        let exported = try tool.run("export", "--output", file, "--skip-unreadable", "--now", "2026-03-15")
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.hasPrefix("Skipped: the card Dining ("), "\(exported.stderr)")
        #expect(exported.stdout == "Exported 1 card to \(file).\n")
        let other = tool.directory.appendingPathComponent("other.store").path
        try tool.ok("import", file, "--store", other)
        let cards = try tool.ok("cards", "--json", "--store", other, "--now", "2026-03-15")
        #expect(cards.contains("Costco") && !cards.contains("Dining"), "\(cards)")
    }

    @Test func aQuietHourAnotherProgramStoredIsRefusedByTheExportPointingToThePreferences() throws {
        let tool = try wallet(then: "UPDATE UserPreferences SET quietHoursStart = 99")
        defer { tool.remove() }
        let exported = try tool.run("export", "--skip-unreadable", "--now", "2026-03-15")
        #expect(exported.status == 1)
        #expect(exported.stderr.contains("which another program stored, so nothing was exported: at preferences.quietHoursStart: 99 is not an hour"), "\(exported.stderr)")
        #expect(exported.stderr.contains("Set the preferences again with `coupontracker preferences`, then export again."), "\(exported.stderr)")
    }
}
