import Foundation
import SwiftData
import Testing
import Trendy

/// Statistics read in New York of all-day events kept as the start of their date in UTC, or
/// as a store kept them before, at the start of their day in Tokyo: each on its own date.
@Suite struct AllDayStatisticsTests {
    typealias F = Fixtures

    static let newYork = F.calendar(F.zone("America/New_York"))

    static func report(_ events: [(Date, Bool)], now: Date) throws -> TypeStatistics {
        let context = ModelContext(try F.inMemory())
        let gym = EventType(name: "Gym")
        for (time, allDay) in events { context.insert(Event(timestamp: time, eventType: gym, isAllDay: allDay)) }
        try context.save()
        let range = DateInterval(start: F.date(2026, 3, 8, in: newYork.timeZone), end: F.date(2026, 3, 12, in: newYork.timeZone))
        let report = try StatisticsReport.compute(in: context, range: range, period: .day, calendar: newYork, now: now)
        return try #require(report.types.first)
    }

    @Test func anAllDayEventKeptBeforeInTokyoKeepsAStreakOnItsDateInNewYork() throws {
        // Noon on the 9th and the 11th in New York, and the 10th all day, kept at Tokyo's midnight (the 9th at 10:00 in New York).
        let gym = try Self.report([(F.date(2026, 3, 9, 12, in: Self.newYork.timeZone), false),
                                   (F.date(2026, 3, 10, in: F.zone("Asia/Tokyo")), true),
                                   (F.date(2026, 3, 11, 12, in: Self.newYork.timeZone), false)],
                                  now: F.date(2026, 3, 11, 18, in: Self.newYork.timeZone))
        #expect(gym.counts == [0, 1, 1, 1])
        // Before: 1, the 10th missing.
        #expect(gym.currentStreak == 3)
    }

    @Test func theFirstEventOfATypeIsTheEarliestInTheCalendarWithAnAllDayEventAtTheStartOfItsDate() throws {
        // 21:00 on the 9th in New York is after midnight in UTC: after the 10th's all-day event kept as midnight UTC.
        let evening = F.date(2026, 3, 9, 21, in: Self.newYork.timeZone)
        let gym = try Self.report([(evening, false), (F.utc(2026, 3, 10), true)], now: F.utc(2026, 3, 12))
        #expect(gym.first == evening)
        #expect(gym.last == F.date(2026, 3, 10, in: Self.newYork.timeZone))
    }
}
