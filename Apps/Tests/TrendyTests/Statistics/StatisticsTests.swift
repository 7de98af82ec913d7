import Foundation
import SwiftData
import Testing
import Trendy

/// Each statistic on a small data set whose answers were counted by hand.
@Suite struct StatisticsTests {
    typealias F = Fixtures

    /// Water: Mon 2 Mar 08:00, 08:30 and 20:00; Tue 3 Mar 09:00; Thu 5 Mar 09:00; Fri 6 Mar 09:00; Sat 7 Mar 09:00
    /// and one all-day on Sun 8 Mar. Gym: Mon 9 Mar 18:00 and Tue 10 Mar 18:00. In UTC; 2026-03-02 is a Monday.
    static func store() throws -> ModelContainer {
        let container = try F.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water"), gym = EventType(name: "Gym")
        for (day, hour, minute) in [(2, 8, 0), (2, 8, 30), (2, 20, 0), (3, 9, 0), (5, 9, 0), (6, 9, 0), (7, 9, 0)] {
            context.insert(Event(timestamp: F.utc(2026, 3, day, hour, minute), eventType: water))
        }
        context.insert(Event(timestamp: F.utc(2026, 3, 8), eventType: water, isAllDay: true))
        for day in [9, 10] { context.insert(Event(timestamp: F.utc(2026, 3, day, 18), eventType: gym)) }
        try context.save()
        return container
    }

    static func report(_ period: StatisticsPeriod, from: Date = F.utc(2026, 3, 2), to: Date = F.utc(2026, 3, 12),
                       now: Date = F.utc(2026, 3, 11, 12)) throws -> StatisticsReport {
        try StatisticsReport.compute(in: ModelContext(try store()), range: DateInterval(start: from, end: to), period: period,
                                     calendar: F.calendar(), now: now)
    }

    func water(_ report: StatisticsReport) throws -> TypeStatistics { try #require(report.types.first { $0.name == "Water" }) }
    func gym(_ report: StatisticsReport) throws -> TypeStatistics { try #require(report.types.first { $0.name == "Gym" }) }

    @Test func countsPerDay() throws {
        let report = try Self.report(.day)
        #expect(report.bucketStarts.count == 10)
        // March 2 to 11: the all-day event counts on the 8th.
        #expect(try water(report).counts == [3, 1, 0, 1, 1, 1, 1, 0, 0, 0])
        #expect(try gym(report).counts == [0, 0, 0, 0, 0, 0, 0, 1, 1, 0])
    }

    @Test func countsPerWeekStartOnTheCalendarsFirstWeekday() throws {
        let report = try Self.report(.week)
        #expect(report.bucketStarts == [F.utc(2026, 3, 2), F.utc(2026, 3, 9)])
        #expect(try water(report).counts == [8, 0])
        #expect(try gym(report).counts == [0, 2])
    }

    @Test func countsPerMonth() throws {
        let report = try Self.report(.month, from: F.utc(2026, 2, 1), to: F.utc(2026, 4, 1))
        #expect(try water(report).counts == [0, 8])
        #expect(try water(report).total == 8)
    }

    @Test func countsFollowTheCalendarsTimeZone() throws {
        // In Tokyo (UTC+9), Monday's 20:00 UTC falls on Tuesday.
        let report = try StatisticsReport.compute(in: ModelContext(try Self.store()),
                                                  range: DateInterval(start: F.date(2026, 3, 2, in: F.zone("Asia/Tokyo")),
                                                                      end: F.date(2026, 3, 4, in: F.zone("Asia/Tokyo"))),
                                                  period: .day, calendar: F.calendar(F.zone("Asia/Tokyo")), now: F.utc(2026, 3, 11))
        #expect(try water(report).counts == [2, 2])
    }

    @Test func theLongestStreakIsTheLongestRunOfDays() throws {
        // Water: 2, 3 (2 days), then 5, 6, 7, 8 (4 days).
        #expect(try water(try Self.report(.day)).longestStreak == 4)
    }

    @Test func theCurrentStreakCountsBackFromToday() throws {
        // On March 10, gym has events on the 9th and 10th.
        #expect(try gym(try Self.report(.day, now: F.utc(2026, 3, 10, 20))).currentStreak == 2)
    }

    @Test func theCurrentStreakSurvivesUntilTodayIsOver() throws {
        // On March 11 before any gym, yesterday's streak still counts.
        #expect(try gym(try Self.report(.day, now: F.utc(2026, 3, 11, 7))).currentStreak == 2)
    }

    @Test func theCurrentStreakIsZeroAfterAMissedDay() throws {
        #expect(try gym(try Self.report(.day, now: F.utc(2026, 3, 12, 7))).currentStreak == 0)
    }

    @Test func theTimeOfDayDistributionLeavesOutAllDayEvents() throws {
        let hours = try water(try Self.report(.day)).hours
        #expect(hours[8] == 2)
        #expect(hours[9] == 4)
        #expect(hours[20] == 1)
        #expect(hours.reduce(0, +) == 7)
    }

    @Test func firstAndLastTimesAreTheTypesExtremes() throws {
        let water = try water(try Self.report(.day))
        #expect(water.first == F.utc(2026, 3, 2, 8))
        #expect(water.last == F.utc(2026, 3, 8))
    }

    @Test func aSparklineScalesToTheLargestValue() {
        #expect(TerminalChart.sparkline([0, 1, 2, 4, 8]) == " ▁▂▄█")
        #expect(TerminalChart.sparkline([0, 0]) == "  ")
    }

    @Test func barsAreScaledToTheWidthAndLabelled() {
        #expect(TerminalChart.bars([("a", 2), ("bb", 4), ("c", 0)], width: 4) == "a   ██ 2\nbb  ████ 4\nc   0")
    }
}
