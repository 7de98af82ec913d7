@testable import CommandLineSupport
import Foundation
import Testing

/// Wall-clock times read in a zone: a repeated time is named with both its readings, and a
/// time with its offset is the one instant it names.
@Suite struct LocalTimeTests {
    static func calendar(_ zone: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        return calendar
    }

    @Test func aRepeatedTimeIsRefusedWithBothOffsets() throws {
        let result = LocalTime.date(year: 2026, month: 11, day: 1, hour: 1, minute: 30, in: try Self.calendar("America/New_York"))
        #expect(result == .failure(.repeated(first: "2026-11-01 01:30 -04:00", second: "2026-11-01 01:30 -05:00", from: "02:00", to: "01:00")))
    }

    @Test func theHoursAroundARepeatedHourAreTaken() throws {
        let calendar = try Self.calendar("America/New_York")
        for hour in [0, 2] {
            guard case .success = LocalTime.date(year: 2026, month: 11, day: 1, hour: hour, minute: 30, in: calendar) else {
                Issue.record("\(hour):30 was refused")
                continue
            }
        }
    }

    @Test func aTimeWithAnOffsetIsTheInstantItNames() throws {
        let written = try #require(OffsetTimeText("2026-11-01 01:30 -05:00"))
        #expect(written.date == Date(timeIntervalSince1970: 1_793_514_600))
        #expect(OffsetTimeText("2026-11-01T01:30:15+05:30")?.offset == 19_800)
        #expect(OffsetTimeText("2026-11-01 01:30 +15:00") == nil)
        #expect(OffsetTimeText("2026-02-30 01:30 -05:00")?.date == nil)
        #expect(OffsetTimeText("2026-11-01 01:30") == nil)
    }

    @Test func aDayAZoneSkippedWholeIsNamedWithTheDaysItsClocksWentFromAndTo() throws {
        let apia = try Self.calendar("Pacific/Apia")
        #expect(LocalTime.date(year: 2011, month: 12, day: 30, hour: 10, in: apia)
            == .failure(.skippedDay(before: "2011-12-29", after: "2011-12-31")))
        #expect(LocalTime.skippedDay(year: 1994, month: 12, day: 31, in: try #require(TimeZone(identifier: "Pacific/Kiritimati")))?.after
            == "1995-01-01")
    }

    @Test func aDayThatHappenedOrIsNoDayOfTheCalendarIsNotASkippedDay() throws {
        let apia = try #require(TimeZone(identifier: "Pacific/Apia"))
        #expect(LocalTime.skippedDay(year: 2011, month: 12, day: 29, in: apia) == nil)
        #expect(LocalTime.skippedDay(year: 2011, month: 12, day: 31, in: apia) == nil)
        #expect(LocalTime.skippedDay(year: 2026, month: 2, day: 30, in: apia) == nil)
        // Havana skips its midnight on 2026-03-08, not the day.
        #expect(LocalTime.skippedDay(year: 2026, month: 3, day: 8, in: try #require(TimeZone(identifier: "America/Havana"))) == nil)
    }
}
