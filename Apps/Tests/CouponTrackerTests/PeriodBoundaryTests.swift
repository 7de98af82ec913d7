import CouponTracker
import Foundation
import Testing

@Suite struct PeriodBoundaryTests {
    func period(_ frequency: BenefitFrequency, reset day: Int? = nil, at moment: Date, zone: String = "UTC") throws -> BenefitPeriod {
        try PeriodCalculator(calendar: Clock.calendar(zone)).period(containing: moment, frequency: frequency, resetDayOfMonth: day)
    }

    @Test func aMonthlyPeriodRunsFromTheFirstToTheLastSecondOfA31DayMonth() throws {
        let january = try period(.monthly, reset: 1, at: Clock.at(2026, 1, 15, 10))
        #expect(january.start == (try Clock.at(2026, 1, 1)))
        #expect(january.end == (try Clock.at(2026, 1, 31, 23, 59, 59)))
        #expect(january.nextReset == (try Clock.at(2026, 2, 1)))
    }

    @Test func theLastSecondOfAMonthIsInItAndTheNextSecondIsNot() throws {
        #expect(try period(.monthly, at: Clock.at(2026, 3, 31, 23, 59, 59)).start == Clock.at(2026, 3, 1))
        #expect(try period(.monthly, at: Clock.at(2026, 4, 1)).start == Clock.at(2026, 4, 1))
    }

    @Test func februaryEndsOnThe29thInALeapYear() throws {
        let february = try period(.monthly, at: Clock.at(2028, 2, 10))
        #expect(february.end == (try Clock.at(2028, 2, 29, 23, 59, 59)))
        #expect(february.nextReset == (try Clock.at(2028, 3, 1)))
    }

    @Test func februaryEndsOnThe28thInACommonYear() throws {
        let february = try period(.monthly, at: Clock.at(2026, 2, 10))
        #expect(february.end == (try Clock.at(2026, 2, 28, 23, 59, 59)))
    }

    @Test func aResetDayOf31FallsOnTheLastDayOfShorterMonths() throws {
        // Mid-February 2026 is in the period that began on January 31st; it resets on February 28th.
        let mid = try period(.monthly, reset: 31, at: Clock.at(2026, 2, 15))
        #expect(mid.start == (try Clock.at(2026, 1, 31)))
        #expect(mid.nextReset == (try Clock.at(2026, 2, 28)))
        let late = try period(.monthly, reset: 31, at: Clock.at(2026, 2, 28, 8))
        #expect(late.start == (try Clock.at(2026, 2, 28)))
        #expect(late.nextReset == (try Clock.at(2026, 3, 31)))
        #expect(try period(.monthly, reset: 31, at: Clock.at(2028, 3, 1)).start == Clock.at(2028, 2, 29))
        #expect(try period(.monthly, reset: 31, at: Clock.at(2026, 5, 1)).start == Clock.at(2026, 4, 30))
    }

    @Test func quartersEndOnTheLastDaysOfMarchJuneSeptemberAndDecember() throws {
        let q1 = try period(.quarterly, at: Clock.at(2026, 3, 31, 23, 59, 59))
        #expect(q1.start == (try Clock.at(2026, 1, 1)))
        #expect(q1.nextReset == (try Clock.at(2026, 4, 1)))
        #expect(try period(.quarterly, at: Clock.at(2026, 4, 1)).start == Clock.at(2026, 4, 1))
        #expect(try period(.quarterly, at: Clock.at(2026, 9, 30, 12)).nextReset == Clock.at(2026, 10, 1))
        let q4 = try period(.quarterly, at: Clock.at(2026, 11, 15))
        #expect(q4.start == (try Clock.at(2026, 10, 1)))
        #expect(q4.end == (try Clock.at(2026, 12, 31, 23, 59, 59)))
        #expect(q4.nextReset == (try Clock.at(2027, 1, 1)))
    }

    @Test func halfYearsSplitAtJuly() throws {
        let first = try period(.semiAnnual, at: Clock.at(2026, 6, 30, 23, 59, 59))
        #expect(first.start == (try Clock.at(2026, 1, 1)))
        #expect(first.nextReset == (try Clock.at(2026, 7, 1)))
        let second = try period(.semiAnnual, at: Clock.at(2026, 7, 1))
        #expect(second.start == (try Clock.at(2026, 7, 1)))
        #expect(second.nextReset == (try Clock.at(2027, 1, 1)))
    }

    @Test func anAnnualPeriodIsTheCalendarYear() throws {
        let year = try period(.annual, at: Clock.at(2026, 12, 31, 23))
        #expect(year.start == (try Clock.at(2026, 1, 1)))
        #expect(year.end == (try Clock.at(2026, 12, 31, 23, 59, 59)))
        #expect(year.nextReset == (try Clock.at(2027, 1, 1)))
    }

    @Test func aPeriodAcrossSpringForwardInNewYorkIsAnHourShorter() throws {
        // Daylight saving time starts on 8 March 2026 in New York: midnight is 05:00Z before, 04:00Z after.
        let march = try period(.monthly, at: Clock.at(2026, 3, 15, in: "America/New_York"), zone: "America/New_York")
        #expect(march.start == Date(timeIntervalSince1970: 1_772_341_200))      // 2026-03-01T05:00:00Z
        #expect(march.nextReset == Date(timeIntervalSince1970: 1_775_016_000))  // 2026-04-01T04:00:00Z
        #expect(march.nextReset.timeIntervalSince(march.start) == 31 * 86_400 - 3_600)
    }

    @Test func aPeriodAcrossFallBackInNewYorkIsAnHourLonger() throws {
        // Daylight saving time ends on 1 November 2026 at 02:00.
        let november = try period(.monthly, at: Clock.at(2026, 11, 20, in: "America/New_York"), zone: "America/New_York")
        #expect(november.start == (try Clock.at(2026, 11, 1, in: "America/New_York")))
        #expect(november.nextReset.timeIntervalSince(november.start) == 30 * 86_400 + 3_600)
    }

    @Test func aQuarterAcrossAutumnInSydneyStartsAtLocalMidnight() throws {
        // Sydney leaves daylight saving time on 5 April 2026: April 1st is at +11:00, July 1st at +10:00.
        let q2 = try period(.quarterly, at: Clock.at(2026, 5, 1, in: "Australia/Sydney"), zone: "Australia/Sydney")
        #expect(q2.start == Date(timeIntervalSince1970: 1_774_962_000))      // 2026-03-31T13:00:00Z
        #expect(q2.nextReset == Date(timeIntervalSince1970: 1_782_828_000))  // 2026-06-30T14:00:00Z
    }

    @Test func aResetDayWhoseMidnightIsSkippedStartsAtTheDaysFirstMoment() throws {
        // Santiago moves its clocks from 00:00 to 01:00 on 6 September 2026.
        let zone = "America/Santiago"
        let calendar = try Clock.calendar(zone)
        let september = try period(.monthly, reset: 6, at: Clock.at(2026, 9, 20, in: zone), zone: zone)
        #expect(calendar.component(.day, from: september.start) == 6)
        #expect(calendar.component(.day, from: september.start.addingTimeInterval(-1)) == 5)
    }

    @Test(arguments: BenefitFrequency.allCases)
    func everyMomentOfThreeYearsIsInExactlyOnePeriod(frequency: BenefitFrequency) throws {
        let zone = "America/New_York"
        let calculator = PeriodCalculator(calendar: try Clock.calendar(zone))
        for resetDay in [nil, 1, 15, 29, 31] {
            var moment = try Clock.at(2026, 1, 1, 6, in: zone)
            var previous: BenefitPeriod?
            while moment < (try Clock.at(2028, 12, 31, in: zone)) {
                let period = try calculator.period(containing: moment, frequency: frequency, resetDayOfMonth: resetDay)
                #expect(period.start <= moment && moment <= period.end)
                #expect(period.nextReset == period.end.addingTimeInterval(1))
                if let previous, previous != period { #expect(period.start == previous.nextReset) }
                previous = period
                moment = moment.addingTimeInterval(86_400 * 0.75)
            }
        }
    }
}
