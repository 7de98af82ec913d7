import CouponTracker
import Foundation
import SwiftData
import Testing

@Suite struct ResetProcessingTests {
    @Test func anUnusedPeriodIsRecordedAsAutoExpiredWithItsValueAtItsEnd() throws {
        let t = try TestWallet()
        let card = try t.card("Gold Card", at: Clock.at(2026, 3, 5))
        try t.wallet.processResets(asOf: Clock.at(2026, 4, 1, 0, 0, 1))

        let expired = try t.usages().filter(\.wasAutoExpired)
        // The three monthly credits of March; the Resy half-year goes on.
        #expect(Set(expired.compactMap(\.benefitNameSnapshot)) == ["Uber Cash", "Dining Credit", "Dunkin' Credit"])
        let dunkin = try #require(expired.first { $0.benefitNameSnapshot == "Dunkin' Credit" })
        #expect(dunkin.valueRedeemed == 7)
        #expect(dunkin.usedDate == (try Clock.at(2026, 3, 31, 23, 59, 59)))
        #expect(dunkin.periodStart == (try Clock.at(2026, 3, 1)))
        #expect(dunkin.cardNameSnapshot == "Gold Card")
        #expect(try t.benefit("Dunkin' Credit", of: card).currentPeriodStart == (try Clock.at(2026, 4, 1)))
    }

    @Test func aUsedPeriodIsNotRecordedAgainAndTheBenefitIsAvailableInTheNewPeriod() throws {
        let t = try TestWallet()
        let card = try t.card("Gold Card", at: Clock.at(2026, 3, 5))
        let uber = try t.benefit("Uber Cash", of: card)
        try t.wallet.markUsed(uber, now: Clock.at(2026, 3, 6))
        try t.wallet.processResets(asOf: Clock.at(2026, 4, 2))

        #expect(try UsageRepository(modelContext: t.context).fetchHistory(for: uber.id).map(\.wasAutoExpired) == [false])
        #expect(uber.status == .available)
        #expect(uber.currentPeriodEnd == (try Clock.at(2026, 4, 30, 23, 59, 59)))
    }

    /// A period another program stored outside the years the wallet keeps: one ending 10^300
    /// seconds from 1970 was never reset, and one due at −10^300 stopped every reset, as no
    /// period holds that moment.
    @Test(arguments: ["currentPeriodEnd", "nextResetDate"], [1e300, -1e300])
    func aPeriodStoredOutsideTheYearsIsPutBackInThePeriodHoldingNowAndNoneExpires(field: String, seconds: Double) throws {
        let t = try TestWallet()
        let card = try t.card("Gold Card", at: Clock.at(2026, 3, 5))
        let uber = try t.benefit("Uber Cash", of: card)
        if field == "currentPeriodEnd" {
            uber.currentPeriodEnd = Date(timeIntervalSince1970: seconds)
        } else {
            uber.nextResetDate = Date(timeIntervalSince1970: seconds)
        }
        let summary = try t.wallet.processResets(asOf: Clock.at(2026, 3, 20))
        #expect(summary.periodsRepaired == 1)
        #expect(summary.periodsExpired == 0)
        #expect(uber.currentPeriodStart == (try Clock.at(2026, 3, 1)))
        #expect(uber.currentPeriodEnd == (try Clock.at(2026, 3, 31, 23, 59, 59)))
        #expect(uber.nextResetDate == (try Clock.at(2026, 4, 1)))
        #expect(try t.usages().isEmpty)
    }

    /// A period the wallet made itself at an edge of the years kept runs beyond them:
    /// December 2199's resets on 2200-01-01, and January 1900 in Kiritimati began in 1899 in
    /// UTC. Each reset called it stored by another program and made it again.
    @Test(arguments: [("UTC", 2199, 12, 15), ("America/Los_Angeles", 2199, 12, 31), ("Pacific/Kiritimati", 1900, 1, 2)])
    func aPeriodTheWalletMadeAtAnEdgeOfTheYearsKeptIsNotRepaired(zone: String, year: Int, month: Int, day: Int) throws {
        let t = try TestWallet(zone: zone)
        let now = try Clock.at(year, month, day, 12, in: zone)
        _ = try t.card("Gold Card", at: now)
        try t.context.save()
        let summary = try t.wallet.processResets(asOf: now)
        #expect(summary.periodsRepaired == 0)
        #expect(summary.periodsRolled == 0)
    }

    /// A wallet made at the last minute of 2199 in Kiritimati, reset at the same minute of the
    /// clock in Pago Pago: that minute is in 2200 in UTC, and the periods the reset rolled into
    /// began there, so the next reset called them another program's and "put back" 18.
    @Test func aPeriodRolledIntoAtTheLastMinuteKeptInAZoneBehindUTCIsNotRepaired() throws {
        let made = try TestWallet(zone: "Pacific/Kiritimati")
        _ = try made.card("Gold Card", at: Clock.at(2199, 12, 31, 23, 59, in: "Pacific/Kiritimati"))
        try made.context.save()
        let behind = Wallet(context: ModelContext(made.container), catalog: made.wallet.catalog, calendar: try Clock.calendar("Pacific/Pago_Pago"))
        let lastMinute = try Clock.at(2199, 12, 31, 23, 59, in: "Pacific/Pago_Pago")
        let first = try behind.processResets(asOf: lastMinute)
        #expect(first.periodsRolled > 0)
        let second = try behind.processResets(asOf: lastMinute)
        #expect(second.periodsRepaired == 0)
        #expect(second.periodsRolled == 0)
    }

    /// Reminder days another program stored outside 0 to 30 (a client keeping no rules,
    /// through sync): the rule refused the save of the benefit's new period, and with it
    /// every reset of the wallet.
    @Test(arguments: [400, -5])
    func reminderDaysStoredOutsideTheRangeArePutBackToTheDefaultAndEveryPeriodRolls(days: Int) throws {
        let t = try TestWallet()
        let card = try t.card("Gold Card", at: Clock.at(2026, 3, 5))
        try t.wallet.updatePreferences(now: Clock.at(2026, 3, 5)) { $0.defaultReminderDays = 10 }
        let uber = try t.benefit("Uber Cash", of: card)
        uber.reminderDaysBefore = days
        let summary = try t.wallet.processResets(asOf: Clock.at(2026, 4, 2))
        #expect(summary.remindersRepaired == 1)
        #expect(summary.periodsRolled == 3)
        #expect(uber.reminderDaysBefore == 10)
        #expect(uber.currentPeriodStart == (try Clock.at(2026, 4, 1)))
    }

    @Test func processingTwiceAtTheSameMomentChangesNothing() throws {
        let t = try TestWallet()
        _ = try t.card("Platinum Card", at: Clock.at(2026, 1, 10))
        let moment = try Clock.at(2026, 8, 15)
        let first = try t.wallet.processResets(asOf: moment)
        let history = try t.usages().count
        let periods = try t.context.fetch(FetchDescriptor<Benefit>()).map(\.currentPeriodStart)

        let second = try t.wallet.processResets(asOf: moment)
        #expect(first.periodsRolled > 0)
        #expect(second == ResetSummary())
        #expect(try t.usages().count == history)
        #expect(try t.context.fetch(FetchDescriptor<Benefit>()).map(\.currentPeriodStart) == periods)
        #expect(!t.context.hasChanges)
    }

    @Test func eachMissedPeriodIsRecordedOnce() throws {
        let t = try TestWallet()
        let card = try t.card("Marriott Bonvoy Brilliant", at: Clock.at(2026, 1, 10))
        // Away from January to the middle of April: January, February and March expired.
        let summary = try t.wallet.processResets(asOf: Clock.at(2026, 4, 15))
        #expect(summary.periodsExpired == 3)
        #expect(summary.valueExpired == 75)
        let dining = try t.benefit("Dining Credit", of: card)
        #expect(try UsageRepository(modelContext: t.context).fetchHistory(for: dining.id).map(\.periodStart)
                == [try Clock.at(2026, 3, 1), try Clock.at(2026, 2, 1), try Clock.at(2026, 1, 1)])
        #expect(dining.currentPeriodStart == (try Clock.at(2026, 4, 1)))
    }

    @Test func theDecemberUberCashBonusIsPartOfDecembersValue() throws {
        let t = try TestWallet()
        let card = try t.card("Platinum Card", at: Clock.at(2026, 12, 3))
        let uber = try t.benefit("Uber Cash", of: card)
        #expect(t.wallet.value(of: uber) == 35)
        try t.wallet.processResets(asOf: Clock.at(2027, 1, 1, 1))
        #expect(try UsageRepository(modelContext: t.context).fetchHistory(for: uber.id).first?.valueRedeemed == 35)
        #expect(t.wallet.value(of: uber) == 15)
    }

    @Test func aPeriodCountedInAZoneAheadIsRecordedExpiredOnceWhenResetInAZoneBehind() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        // Made in UTC; reset on the same laptop a month later in California (or by a synced wallet there).
        try tool.ok("add", "--template", "Gold Card", "--nickname", "Dining", "--now", "2026-01-10", "--time-zone", "UTC")
        let reset = try tool.ok("reset", "--now", "2026-02-05", "--time-zone", "America/Los_Angeles")
        #expect(reset.contains("Rolled 3 periods; 3 expired unused ($27.00)."), "\(reset)")
        let history = try tool.ok("history", "--json", "--now", "2026-02-05", "--time-zone", "America/Los_Angeles")
        let rows = (try JSONSerialization.jsonObject(with: Data(history.utf8))) as? [[String: Any]] ?? []
        #expect(rows.count == 3, "\(history)")
        let benefits = try tool.ok("benefits", "--now", "2026-02-05", "--time-zone", "America/Los_Angeles")
        #expect(benefits.contains("2026-02-28"), "\(benefits)")
    }

    @Test func resetsCountInTheWalletsTimeZone() throws {
        let t = try TestWallet(zone: "Asia/Tokyo")
        let card = try t.card("Gold Card", at: Clock.at(2026, 3, 5, in: "Asia/Tokyo"))
        // 2026-03-31T16:00Z is already April 1st, 01:00, in Tokyo.
        let summary = try t.wallet.processResets(asOf: Clock.at(2026, 3, 31, 16))
        #expect(summary.periodsRolled == 3)
        #expect(try t.benefit("Uber Cash", of: card).currentPeriodStart == (try Clock.at(2026, 4, 1, in: "Asia/Tokyo")))
    }
}
