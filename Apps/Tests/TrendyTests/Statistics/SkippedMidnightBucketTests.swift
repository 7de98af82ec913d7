import Foundation
import SwiftData
import Testing
import Trendy

/// Days, weeks and months start at their first instant, which is not always 00:00: where the
/// clocks skip midnight (America/Havana on 2026-03-08 goes from 00:00 to 01:00), that day starts
/// at 01:00 and the days after it at 00:00 again, so an event in their first hour is counted on
/// its own day.
@Suite struct SkippedMidnightBucketTests {
    typealias F = Fixtures

    @Test func daysAfterADayThatBeganAt1AmStartAtMidnightAndCountTheirFirstHour() throws {
        let havana = try #require(TimeZone(identifier: "America/Havana"))
        let calendar = F.calendar(havana)
        func local(_ day: Int, _ hour: Int, _ minute: Int = 0) throws -> Date {
            try #require(calendar.date(from: DateComponents(year: 2026, month: 3, day: day, hour: hour, minute: minute)))
        }
        let container = try F.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        for at in [try local(7, 12), try local(8, 1), try local(9, 0, 30), try local(10, 0, 30), try local(10, 12)] {
            context.insert(Event(timestamp: at, eventType: water))
        }
        try context.save()
        let range = DateInterval(start: try local(7, 0), end: try local(11, 0))
        let report = try StatisticsReport.compute(in: ModelContext(container), range: range, period: .day,
                                                  calendar: calendar, now: try local(11, 12))
        #expect(report.bucketStarts == [try local(7, 0), try local(8, 1), try local(9, 0), try local(10, 0)])
        let counts = try #require(report.types.first { $0.name == "Water" }).counts
        #expect(counts == [1, 1, 1, 2], "\(counts)")
    }
}
