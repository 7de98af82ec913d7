import SwiftData
import Foundation

/// Counts per type per day, week or month over a range, streaks, and the time of day.
public struct StatisticsReport: Equatable, Sendable {
    public var range: DateInterval
    public var period: StatisticsPeriod
    public var bucketStarts: [Date]
    public var types: [TypeStatistics]

    /// Computes the report. The first and last times are SQL aggregates (MIN, MAX); buckets,
    /// streaks and hours depend on the calendar and its time zone, which the store does not
    /// know, so they are counted from the range's timestamps, and so is the total: an all-day
    /// event is kept as the start of its date in UTC (``AllDay``), not where its day begins in
    /// the calendar's zone, so it is fetched from a day around the range and placed there.
    public static func compute(in context: ModelContext, range: DateInterval, period: StatisticsPeriod,
                               calendar: Calendar, now: Date) throws -> StatisticsReport {
        let starts = period.bucketStarts(of: range, calendar: calendar)
        let lower = range.start, upper = range.end
        // An all-day event's stored moment, in either form, is at most 26 hours from where the date it
        // is read as begins in any zone: two days on either side of the range hold every one it holds.
        let allDayLower = lower.addingTimeInterval(-2 * 86_400), allDayUpper = upper.addingTimeInterval(2 * 86_400)
        var types: [TypeStatistics] = []
        for type in try context.fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)])) {
            // The type itself, not its id: two types another program gave one id each counted both's events.
            let id = type.persistentModelID
            let nearRange = #Predicate<Event> {
                $0.eventType?.persistentModelID == id && (($0.timestamp >= lower && $0.timestamp < upper)
                    || ($0.isAllDay == true && $0.timestamp >= allDayLower && $0.timestamp < allDayUpper))
            }
            let ofType = #Predicate<Event> { $0.eventType?.persistentModelID == id }
            let events = try context.fetch(FetchDescriptor(predicate: nearRange, sortBy: [SortDescriptor(\.timestamp)]))
                .map { (moment: $0.start(in: calendar), isAllDay: $0.isAllDay) }
                .filter { $0.moment >= lower && $0.moment < upper }
            var counts = Array(repeating: 0, count: starts.count)
            var hours = Array(repeating: 0, count: 24)
            for event in events {
                if let index = Self.bucket(of: event.moment, in: starts) { counts[index] += 1 }
                if !event.isAllDay { hours[calendar.component(.hour, from: event.moment)] += 1 }
            }
            var allDescriptor = FetchDescriptor(predicate: ofType)
            allDescriptor.propertiesToFetch = [\.timestamp, \.isAllDay]
            let days = Set(try context.fetch(allDescriptor).map { calendar.startOfDay(for: $0.start(in: calendar)) })
            let streaks = Streaks(days: days, today: now, calendar: calendar)
            types.append(TypeStatistics(
                name: type.name, total: events.count, counts: counts, currentStreak: streaks.current, longestStreak: streaks.longest,
                hours: hours, first: try Self.first(in: context, ofType: id, calendar: calendar),
                last: try Self.last(in: context, ofType: id, calendar: calendar)))
        }
        return StatisticsReport(range: range, period: period, bucketStarts: starts, types: types)
    }

    /// The earliest event of a type, an all-day one at the start of its day in `calendar`.
    /// Days keep the order of their stored moments, so the earliest all-day event is the one
    /// stored first.
    static func first(in context: ModelContext, ofType id: PersistentIdentifier, calendar: Calendar) throws -> Date? {
        let timed = try context.minimum(of: \Event.timestamp, where: #Predicate { $0.eventType?.persistentModelID == id && $0.isAllDay == false })
        let allDay = try context.minimum(of: \Event.timestamp, where: #Predicate { $0.eventType?.persistentModelID == id && $0.isAllDay == true })
        return [timed, allDay.map { AllDay.start(of: $0, in: calendar) }].compactMap { $0 }.min()
    }

    /// The latest event of a type, as ``first(in:ofType:calendar:)``.
    static func last(in context: ModelContext, ofType id: PersistentIdentifier, calendar: Calendar) throws -> Date? {
        let timed = try context.maximum(of: \Event.timestamp, where: #Predicate { $0.eventType?.persistentModelID == id && $0.isAllDay == false })
        let allDay = try context.maximum(of: \Event.timestamp, where: #Predicate { $0.eventType?.persistentModelID == id && $0.isAllDay == true })
        return [timed, allDay.map { AllDay.start(of: $0, in: calendar) }].compactMap { $0 }.max()
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
