import SwiftData
import Foundation

/// Counts per type per day, week or month over a range, streaks, and the time of day.
public struct StatisticsReport: Equatable, Sendable {
    public var range: DateInterval
    public var period: StatisticsPeriod
    public var bucketStarts: [Date]
    public var types: [TypeStatistics]

    /// Computes the report. Totals, first and last times are SQL aggregates (COUNT,
    /// MIN, MAX); buckets, streaks and hours depend on the calendar and its time zone,
    /// which the store does not know, so they are counted from the range's timestamps.
    public static func compute(in context: ModelContext, range: DateInterval, period: StatisticsPeriod,
                               calendar: Calendar, now: Date) throws -> StatisticsReport {
        let starts = period.bucketStarts(of: range, calendar: calendar)
        let lower = range.start, upper = range.end
        var types: [TypeStatistics] = []
        for type in try context.fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)])) {
            let id = type.id
            let inRange = #Predicate<Event> { $0.eventType?.id == id && $0.timestamp >= lower && $0.timestamp < upper }
            let ofType = #Predicate<Event> { $0.eventType?.id == id }
            let total = try context.fetchCount(FetchDescriptor(predicate: inRange))
            let events = try context.fetch(FetchDescriptor(predicate: inRange, sortBy: [SortDescriptor(\.timestamp)]))
            var counts = Array(repeating: 0, count: starts.count)
            var hours = Array(repeating: 0, count: 24)
            for event in events {
                if let index = Self.bucket(of: event.timestamp, in: starts) { counts[index] += 1 }
                if !event.isAllDay { hours[calendar.component(.hour, from: event.timestamp)] += 1 }
            }
            var allDescriptor = FetchDescriptor(predicate: ofType)
            allDescriptor.propertiesToFetch = [\.timestamp]
            let days = Set(try context.fetch(allDescriptor).map { calendar.startOfDay(for: $0.timestamp) })
            let streaks = Streaks(days: days, today: now, calendar: calendar)
            types.append(TypeStatistics(
                name: type.name, total: total, counts: counts, currentStreak: streaks.current, longestStreak: streaks.longest,
                hours: hours, first: try context.minimum(of: \Event.timestamp, where: ofType),
                last: try context.maximum(of: \Event.timestamp, where: ofType)))
        }
        return StatisticsReport(range: range, period: period, bucketStarts: starts, types: types)
    }

    /// The index of the last bucket starting at or before `date`.
    static func bucket(of date: Date, in starts: [Date]) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= date { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
