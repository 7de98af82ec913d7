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
            guard let next = calendar.date(byAdding: component, value: 1, to: current) else { break }
            current = next
        }
        return starts
    }
}
