import Foundation
import Testing
import Trendy

/// RRULE expansion (RFC 5545, 3.3.10), each form against dates checked on a calendar.
@Suite struct RecurrenceTests {
    typealias F = Fixtures

    func starts(_ start: String, _ rule: String, _ extra: [String] = [], window: DateInterval = ICSText.window) throws -> [Date] {
        try ICSText.starts(ICSText.event(uid: "r", ["DTSTART\(start)", "RRULE:\(rule)"] + extra), window: window)
    }

    func utcDays(_ year: Int, _ month: Int, _ days: [Int], hour: Int = 9) -> [Date] {
        days.map { F.utc(year, month, $0, hour) }
    }

    @Test func dailyWithACount() throws {
        #expect(try starts(":20260301T090000Z", "FREQ=DAILY;COUNT=5") == utcDays(2026, 3, [1, 2, 3, 4, 5]))
    }

    @Test func dailyEveryOtherDayUntilADateTime() throws {
        #expect(try starts(":20260301T090000Z", "FREQ=DAILY;INTERVAL=2;UNTIL=20260309T090000Z") == utcDays(2026, 3, [1, 3, 5, 7, 9]))
    }

    /// Was no occurrence at all ("Imported 0 events."): DTSTART is the first instance whatever the rule.
    @Test func aRuleWhoseUntilIsBeforeItsStartGivesTheStartAlone() throws {
        #expect(try starts(":20260301T090000Z", "FREQ=DAILY;UNTIL=20260228T000000Z") == [F.utc(2026, 3, 1, 9)])
        #expect(try starts(";VALUE=DATE:20260301", "FREQ=WEEKLY;UNTIL=20260227") == [F.utc(2026, 3, 1)])
    }

    @Test func dailyUntilADateIncludesThatDay() throws {
        #expect(try starts(":20260301T090000Z", "FREQ=DAILY;UNTIL=20260303") == utcDays(2026, 3, [1, 2, 3]))
    }

    /// INTERVAL=9223372036854775807 (`Int.max`), valid as RFC 5545 writes it, stopped the
    /// import with an overflow, or in the calendar asked for a date that many days on.
    @Test(arguments: ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
    func anIntervalTooLargeForASecondOccurrenceGivesTheFirstAlone(frequency: String) throws {
        #expect(try starts(":20260301T090000Z", "FREQ=\(frequency);INTERVAL=9223372036854775807") == [F.utc(2026, 3, 1, 9)])
    }

    @Test func weeklyOnSeveralDays() throws {
        // 2026-03-02 is a Monday.
        #expect(try starts(":20260302T090000Z", "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=6") == utcDays(2026, 3, [2, 4, 6, 9, 11, 13]))
    }

    @Test func weeklyEveryOtherWeek() throws {
        #expect(try starts(":20260303T090000Z", "FREQ=WEEKLY;INTERVAL=2;COUNT=3") == utcDays(2026, 3, [3, 17, 31]))
    }

    @Test func monthlyOnTheFirstFriday() throws {
        #expect(try starts(":20260102T090000Z", "FREQ=MONTHLY;BYDAY=1FR;COUNT=3")
                == [F.utc(2026, 1, 2, 9), F.utc(2026, 2, 6, 9), F.utc(2026, 3, 6, 9)])
    }

    @Test func monthlyOnTheLastSunday() throws {
        #expect(try starts(":20260125T090000Z", "FREQ=MONTHLY;BYDAY=-1SU;COUNT=3")
                == [F.utc(2026, 1, 25, 9), F.utc(2026, 2, 22, 9), F.utc(2026, 3, 29, 9)])
    }

    @Test func monthlyOnTheLastDayOfTheMonth() throws {
        #expect(try starts(":20260131T090000Z", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3")
                == [F.utc(2026, 1, 31, 9), F.utc(2026, 2, 28, 9), F.utc(2026, 3, 31, 9)])
    }

    @Test func monthlyOnThe31stSkipsShorterMonths() throws {
        #expect(try starts(":20260131T090000Z", "FREQ=MONTHLY;COUNT=4")
                == [F.utc(2026, 1, 31, 9), F.utc(2026, 3, 31, 9), F.utc(2026, 5, 31, 9), F.utc(2026, 7, 31, 9)])
    }

    @Test func yearlyOnTheSecondSundayOfMarch() throws {
        #expect(try starts(":20260308T090000Z", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;COUNT=3")
                == [F.utc(2026, 3, 8, 9), F.utc(2027, 3, 14, 9), F.utc(2028, 3, 12, 9)])
    }

    @Test func yearlyOnFebruary29thSkipsOtherYears() throws {
        let wide = DateInterval(start: F.utc(2020, 1, 1), end: F.utc(2040, 1, 1))
        #expect(try starts(";VALUE=DATE:20240229", "FREQ=YEARLY;COUNT=3", window: wide)
                == [F.utc(2024, 2, 29), F.utc(2028, 2, 29), F.utc(2032, 2, 29)])
    }

    @Test func anExceptionDateRemovesThatInstance() throws {
        #expect(try starts(":20260301T090000Z", "FREQ=DAILY;COUNT=5", ["EXDATE:20260303T090000Z"]) == utcDays(2026, 3, [1, 2, 4, 5]))
    }

    @Test func anExceptionGivenAsADateRemovesThatDaysInstanceOfATimedEvent() throws {
        #expect(try starts(":20260301T090000Z", "FREQ=DAILY;COUNT=5", ["EXDATE;VALUE=DATE:20260303,20260305"]) == utcDays(2026, 3, [1, 2, 4]))
    }

    @Test func exceptionDatesInAZoneAndInAListAreAllRemoved() throws {
        let result = try starts(";TZID=America/New_York:20260301T090000", "FREQ=DAILY;COUNT=5",
                                ["EXDATE;TZID=America/New_York:20260302T090000,20260304T090000"])
        #expect(result == [F.utc(2026, 3, 1, 14), F.utc(2026, 3, 3, 14), F.utc(2026, 3, 5, 14)])
    }

    @Test func aDailyEventKeepsItsLocalTimeAcrossTheChangeToDaylightTime() throws {
        // New York moves to daylight time on 2026-03-08.
        #expect(try starts(";TZID=America/New_York:20260306T090000", "FREQ=DAILY;COUNT=4")
                == [F.utc(2026, 3, 6, 14), F.utc(2026, 3, 7, 14), F.utc(2026, 3, 8, 13), F.utc(2026, 3, 9, 13)])
    }

    @Test func anEndlessRuleIsExpandedOnlyOverTheWindow() throws {
        let window = DateInterval(start: F.utc(2026, 3, 1), end: F.utc(2026, 3, 4))
        #expect(try starts(":20200101T090000Z", "FREQ=DAILY", window: window) == utcDays(2026, 3, [1, 2, 3]))
    }

    /// Were dropped without a word: the event was read as happening once, at its start.
    @Test func theDatesOfAnRDATEWithoutAnRRULEAreEachAnInstance() throws {
        let body = ICSText.event(uid: "d", ["DTSTART:20260310T090000Z", "RDATE:20260311T090000Z,20260312T090000Z",
                                            "EXDATE:20260311T090000Z", "RDATE:20260320T090000Z"])
        #expect(try ICSText.starts(body) == utcDays(2026, 3, [10, 12, 20]))
    }

    /// Were refused as "is not a date".
    @Test func anRDATEPeriodIsAnInstanceAtItsStart() throws {
        let body = ICSText.event(uid: "p", ["DTSTART:20260310T090000Z",
                                            "RDATE;VALUE=PERIOD:20260311T090000Z/20260311T100000Z,20260312T090000Z/PT2H"])
        #expect(try ICSText.starts(body) == utcDays(2026, 3, [10, 11, 12]))
    }

    @Test func aMovedInstanceReplacesTheOneItNames() throws {
        let body = ICSText.event(uid: "w", ["DTSTART:20260302T090000Z", "RRULE:FREQ=WEEKLY;COUNT=3"])
            + ICSText.event(uid: "w", ["RECURRENCE-ID:20260309T090000Z", "DTSTART:20260310T180000Z"])
        #expect(try ICSText.starts(body) == [F.utc(2026, 3, 2, 9), F.utc(2026, 3, 10, 18), F.utc(2026, 3, 16, 9)])
    }

    @Test func anUnsupportedFrequencyIsRefusedNamingTheLine() throws {
        #expect { try starts(":20260301T090000Z", "FREQ=HOURLY;COUNT=3") } throws: { error in
            (error as? ICSError)?.line == 9 && "\(error)".contains("HOURLY")
        }
    }

    @Test func anUnsupportedRulePartIsRefusedByName() throws {
        #expect { try starts(":20260301T090000Z", "FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1") } throws: { error in
            "\(error)".contains("BYSETPOS")
        }
    }
}
