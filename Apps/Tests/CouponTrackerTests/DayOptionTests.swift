import CommandLineTestSupport
import Foundation
import Testing

/// `prune --before`, `totals --from` and `--to` take days: a time given to them is refused,
/// where it was taken and then named as its whole day.
@Suite struct DayOptionTests {
    /// A wallet whose "M" was used at 01:00 on 2026-02-01 (UTC).
    static func walletUsedAtOneInTheMorning() throws -> CouponTrackerProcess {
        let tool = try CouponTrackerProcess()
        try tool.ok("add", "--custom", "Visa", "--issuer", "Citi", "--now", "2026-02-01T00:30")
        try tool.ok("add-benefit", "--card", "Visa", "--name", "M", "--value", "10", "--frequency", "monthly", "--now", "2026-02-01T00:30")
        try tool.ok("use", "M", "--now", "2026-02-01T01:00")
        return tool
    }

    /// Was "Deleted 1 record from before 2026-02-01.", of the use made on 2026-02-01.
    @Test func aPruneBeforeATimeIsRefusedNotReportedAsBeforeItsDay() throws {
        let tool = try Self.walletUsedAtOneInTheMorning()
        defer { tool.remove() }
        let pruned = try tool.run("prune", "--before", "2026-02-01T05:00", "--now", "2026-03-01")
        #expect(pruned.status == 1)
        #expect(pruned.stderr.contains("--before is a day (YYYY-MM-DD), and '2026-02-01T05:00' has a time"), "\(pruned.stderr)")
        #expect(pruned.stderr.contains("\nGive the day alone, --before 2026-02-01."), "\(pruned.stderr)")
        #expect(try tool.ok("history", "--now", "2026-03-01").contains("$10.00"))
    }

    /// Was "2026-02-01 to 2026-02-28 / redeemed: $0.00", of a range said to hold the day of a use of $10.
    @Test func totalsFromATimeAreRefusedNotCountedFromThatTimeUnderItsDay() throws {
        let tool = try Self.walletUsedAtOneInTheMorning()
        defer { tool.remove() }
        let totals = try tool.run("totals", "--from", "2026-02-01T05:00", "--to", "2026-02-28", "--now", "2026-02-10")
        #expect(totals.status == 1)
        #expect(totals.stderr.contains("--from is a day (YYYY-MM-DD), and '2026-02-01T05:00' has a time: totals count whole days."),
                "\(totals.stderr)")
        #expect(try tool.ok("totals", "--from", "2026-02-01", "--to", "2026-02-28", "--now", "2026-02-10").contains("redeemed: $10.00"))
    }
}
