import CouponTracker
import Foundation
import SwiftData
import Testing

@Suite struct ReminderScheduleTests {
    /// A period ending at the last second of 31 March 2026.
    let periodEnd = Date(timeIntervalSince1970: 1_775_001_599)

    func scheduler(zone: String = "UTC", _ change: (inout ReminderSettings) -> Void = { _ in }) throws -> ReminderScheduler {
        var settings = ReminderSettings()
        change(&settings)
        return ReminderScheduler(calendar: try Clock.calendar(zone), settings: settings)
    }

    @Test func aReminderFiresItsDaysBeforeTheLastDayAtThePreferredTime() throws {
        let fire = try scheduler().fireDate(periodEnd: periodEnd, daysBefore: 7, now: Clock.at(2026, 3, 1))
        #expect(fire == (try Clock.at(2026, 3, 24, 9)))
    }

    @Test func theReminderTimeIsWallClockTimeAcrossADaylightSavingChange() throws {
        let zone = "America/New_York"
        let end = try Clock.at(2026, 3, 31, 23, 59, 59, in: zone)
        // 9:00 on 4 March is EST, 9:00 on 24 March EDT: 14:00Z and 13:00Z.
        let s = try scheduler(zone: zone) { $0.hour = 9 }
        #expect(s.fireDate(periodEnd: end, daysBefore: 27, now: try Clock.at(2026, 3, 1)) == Date(timeIntervalSince1970: 1_772_632_800))
        #expect(s.fireDate(periodEnd: end, daysBefore: 7, now: try Clock.at(2026, 3, 1)) == Date(timeIntervalSince1970: 1_774_357_200))
    }

    @Test func aTimeInEveningQuietHoursMovesToTheirEndNextMorning() throws {
        let s = try scheduler {
            $0.hour = 23; $0.minute = 30
            $0.quietHoursEnabled = true; $0.quietHoursStart = 22; $0.quietHoursEnd = 8
        }
        #expect(s.fireDate(periodEnd: periodEnd, daysBefore: 7, now: try Clock.at(2026, 3, 1)) == (try Clock.at(2026, 3, 25, 8)))
    }

    @Test func aTimeInEarlyMorningQuietHoursMovesToTheirEndThatMorning() throws {
        let s = try scheduler {
            $0.hour = 6
            $0.quietHoursEnabled = true; $0.quietHoursStart = 22; $0.quietHoursEnd = 8
        }
        #expect(s.fireDate(periodEnd: periodEnd, daysBefore: 3, now: try Clock.at(2026, 3, 1)) == (try Clock.at(2026, 3, 28, 8)))
    }

    @Test func quietHoursWithinADayAreHonouredToo() throws {
        let s = try scheduler {
            $0.hour = 13
            $0.quietHoursEnabled = true; $0.quietHoursStart = 12; $0.quietHoursEnd = 14
        }
        #expect(s.fireDate(periodEnd: periodEnd, daysBefore: 1, now: try Clock.at(2026, 3, 1)) == (try Clock.at(2026, 3, 30, 14)))
    }

    @Test func quietHoursThatOutlastThePeriodMoveTheReminderBeforeThem() throws {
        let s = try scheduler {
            $0.hour = 23
            $0.quietHoursEnabled = true; $0.quietHoursStart = 22; $0.quietHoursEnd = 8
        }
        // On the last day: 08:00 the next morning is too late, so the minute before 22:00.
        #expect(s.fireDate(periodEnd: periodEnd, daysBefore: 0, now: try Clock.at(2026, 3, 1)) == (try Clock.at(2026, 3, 31, 21, 59)))
    }

    @Test func quietHoursOffLeaveThePreferredTime() throws {
        let s = try scheduler { $0.hour = 23; $0.quietHoursStart = 22; $0.quietHoursEnd = 8 }
        #expect(s.fireDate(periodEnd: periodEnd, daysBefore: 7, now: try Clock.at(2026, 3, 1)) == (try Clock.at(2026, 3, 24, 23)))
    }

    @Test func aPassedMomentFiresAtTheNextPreferredTime() throws {
        let s = try scheduler()
        #expect(s.fireDate(periodEnd: periodEnd, daysBefore: 7, now: try Clock.at(2026, 3, 27, 10)) == (try Clock.at(2026, 3, 28, 9)))
        #expect(s.fireDate(periodEnd: periodEnd, daysBefore: 7, now: try Clock.at(2026, 3, 27, 8)) == (try Clock.at(2026, 3, 27, 9)))
    }

    @Test func aPassedMomentOnTheLastDayAfterThePreferredTimeFiresAtOnce() throws {
        let now = try Clock.at(2026, 3, 31, 15)
        #expect(try scheduler().fireDate(periodEnd: periodEnd, daysBefore: 7, now: now) == now)
    }

    @Test func noReminderIsGivenInQuietHoursWhenThePeriodEndsBeforeThemEnd() throws {
        let s = try scheduler { $0.quietHoursEnabled = true; $0.quietHoursStart = 22; $0.quietHoursEnd = 8 }
        #expect(s.fireDate(periodEnd: periodEnd, daysBefore: 7, now: try Clock.at(2026, 3, 31, 22, 30)) == nil)
    }

    @Test func aReminderIsNeverInThePastNorAfterThePeriodsEnd() throws {
        let s = try scheduler()
        var now = try Clock.at(2026, 3, 1)
        while now < periodEnd {
            if let fire = s.fireDate(periodEnd: periodEnd, daysBefore: 7, now: now) {
                #expect(fire >= now && fire <= periodEnd)
            }
            now = now.addingTimeInterval(3_517)
        }
    }

    @Test func theScheduleHasOneReminderPerAvailableBenefitWithRemindersOn() throws {
        let t = try TestWallet()
        let now = try Clock.at(2026, 3, 20, 12)
        let card = try t.card("Gold Card", at: now)
        try t.wallet.markUsed(try t.benefit("Uber Cash", of: card), now: now)
        try t.wallet.setReminder(of: try t.benefit("Dunkin' Credit", of: card), enabled: false, now: now)

        let schedule = try t.wallet.reminderSchedule(now: now)
        // Dining Credit (ends 31 March); Resy's half-year ends after 45 days.
        #expect(schedule.map(\.benefitName) == ["Dining Credit"])
        #expect(schedule.first?.fireDate == (try Clock.at(2026, 3, 24, 9)))
        #expect(schedule.first?.cardName == "Gold Card")
    }

    @Test func theScheduleIsCappedAsTheSeedsQueryCapsIt() throws {
        let t = try TestWallet()
        let now = try Clock.at(2026, 3, 20, 12)
        for _ in 0..<4 { _ = try t.card("Platinum Card", at: now) }  // 4 × 9 benefits, 20 ending within 45 days
        #expect(try t.wallet.reminderSchedule(now: now).count == 20)
        #expect(try t.wallet.reminderSchedule(now: now, maxCount: 7).count == 7)
    }

    @Test func notificationsOffScheduleNothing() throws {
        let t = try TestWallet()
        let now = try Clock.at(2026, 3, 20, 12)
        _ = try t.card("Gold Card", at: now)
        try t.wallet.updatePreferences(now: now) { $0.notificationsEnabled = false }
        #expect(try t.wallet.reminderSchedule(now: now).isEmpty)
    }
}
