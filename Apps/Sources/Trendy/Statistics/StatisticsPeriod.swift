import Foundation

/// The length of the buckets events are counted in.
public enum StatisticsPeriod: String, CaseIterable, Sendable {
    case day, week, month

    var component: Calendar.Component {
        switch self {
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        }
    }

    /// The starts of the buckets that meet `range`, in `calendar` (its time zone and first weekday).
    public func bucketStarts(of range: DateInterval, calendar: Calendar) -> [Date] {
        guard let first = calendar.dateInterval(of: component, for: range.start)?.start else { return [] }
        var starts: [Date] = []
        var current = first
        while current < range.end, starts.count < 100_000 {
            starts.append(current)
            // The next bucket starts where this one ends, not a day (week, month) later on the
            // clock: where the clocks skip midnight (America/Havana on 2026-03-08 goes from 00:00
            // to 01:00), that day starts at 01:00, and a day later on the clock is 01:00 again,
            // an hour into the next day, for every bucket after it.
            guard let next = calendar.dateInterval(of: component, for: current)?.end, next > current else { break }
            current = next
        }
        return starts
    }
}
