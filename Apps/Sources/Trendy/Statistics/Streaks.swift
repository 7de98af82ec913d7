import Foundation

/// Runs of consecutive calendar days with at least one event.
public struct Streaks: Equatable, Sendable {
    public var current: Int
    public var longest: Int

    /// - Parameter days: the starts of the days that have an event, in `calendar`.
    public init(days: Set<Date>, today: Date, calendar: Calendar) {
        var longest = 0, run = 0
        var previous: Date?
        for day in days.sorted() {
            if let previous, let next = calendar.date(byAdding: .day, value: 1, to: previous), calendar.isDate(next, inSameDayAs: day) {
                run += 1
            } else {
                run = 1
            }
            longest = max(longest, run)
            previous = day
        }
        var current = 0
        let todayStart = calendar.startOfDay(for: today)
        var cursor = days.contains(todayStart) ? todayStart : calendar.date(byAdding: .day, value: -1, to: todayStart)
        while let day = cursor, days.contains(calendar.startOfDay(for: day)) {
            current += 1
            cursor = calendar.date(byAdding: .day, value: -1, to: day)
        }
        self.current = current
        self.longest = longest
    }
}
