import CouponTracker
import Foundation
import Testing

/// The seed's computed values, as of a moment and in a calendar the caller gives.
@Suite struct ComputedValueTests {
    let calendar: Calendar
    let benefit: Benefit

    /// A benefit whose period ends at the last second of 31 March 2026 in New York.
    init() throws {
        calendar = try Clock.calendar("America/New_York")
        benefit = Benefit(currentPeriodStart: try Clock.at(2026, 3, 1, in: "America/New_York"),
                          currentPeriodEnd: try Clock.at(2026, 3, 31, 23, 59, 59, in: "America/New_York"),
                          nextResetDate: try Clock.at(2026, 4, 1, in: "America/New_York"))
    }

    @Test func daysUntilExpirationCountsCalendarDaysInTheUsersZone() throws {
        #expect(benefit.daysUntilExpiration(now: try Clock.at(2026, 3, 24, 23, in: "America/New_York"), calendar: calendar) == 7)
        // 03:00Z on 25 March is still the 24th in New York.
        #expect(benefit.daysUntilExpiration(now: try Clock.at(2026, 3, 25, 3), calendar: calendar) == 7)
        #expect(benefit.daysUntilExpiration(now: try Clock.at(2026, 3, 31, 22, in: "America/New_York"), calendar: calendar) == 0)
        #expect(benefit.daysUntilExpiration(now: try Clock.at(2026, 4, 3), calendar: calendar) == 0)
    }

    @Test func expiringSoonIsWithinSevenDaysAndUrgentWithinThree() throws {
        let zone = "America/New_York"
        #expect(!benefit.isExpiringSoon(now: try Clock.at(2026, 3, 23, 12, in: zone), calendar: calendar))
        #expect(benefit.isExpiringSoon(now: try Clock.at(2026, 3, 24, 12, in: zone), calendar: calendar))
        #expect(!benefit.isUrgent(now: try Clock.at(2026, 3, 27, 12, in: zone), calendar: calendar))
        #expect(benefit.isUrgent(now: try Clock.at(2026, 3, 28, 12, in: zone), calendar: calendar))
        benefit.status = .used
        #expect(!benefit.isUrgent(now: try Clock.at(2026, 3, 28, 12, in: zone), calendar: calendar))
    }

    @Test func thePeriodHasExpiredAfterItsEndAndNeedsAResetAtTheNextStart() throws {
        let end = benefit.currentPeriodEnd
        #expect(!benefit.isPeriodExpired(now: end))
        #expect(benefit.isPeriodExpired(now: end.addingTimeInterval(0.5)))
        #expect(!benefit.needsReset(now: end.addingTimeInterval(0.5)))
        #expect(benefit.needsReset(now: end.addingTimeInterval(1)))
    }

    @Test func aCardCountsItsAvailableBenefitsExpiringWithinDays() throws {
        let card = UserCard()
        let zone = "America/New_York"
        for (end, status) in [(try Clock.at(2026, 3, 5, in: zone), BenefitStatus.available),
                              (try Clock.at(2026, 3, 9, in: zone), .available),
                              (try Clock.at(2026, 3, 6, in: zone), .used)] {
            _ = Benefit(userCard: card, status: status, currentPeriodStart: try Clock.at(2026, 3, 1, in: zone), currentPeriodEnd: end)
        }
        #expect(card.expiringCount(withinDays: 5, now: try Clock.at(2026, 3, 1, in: zone), calendar: calendar) == 1)
        #expect(card.expiringCount(withinDays: 8, now: try Clock.at(2026, 3, 1, in: zone), calendar: calendar) == 2)
    }
}
