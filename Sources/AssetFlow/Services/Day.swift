import Foundation
import MomentText

/// Days as `YYYY-MM-DD` in a calendar: the unit snapshots are kept by.
public struct Days: Sendable {
    public let calendar: Calendar

    public init(calendar: Calendar) { self.calendar = calendar }

    /// The start of the day `text` names; a day that does not exist (2026-02-30) is an error.
    public func parse(_ text: String) throws -> Date {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              MomentText.years.contains(year),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: day)
        else { throw SnapshotError.invalidDay(text) }
        return calendar.startOfDay(for: date)
    }

    public func format(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Whole days from `start` to `end` (calendar days, so daylight saving changes nothing).
    public func days(from start: Date, to end: Date) -> Int {
        calendar.dateComponents([.day], from: calendar.startOfDay(for: start), to: calendar.startOfDay(for: end)).day ?? 0
    }
}
