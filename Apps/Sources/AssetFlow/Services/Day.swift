import Foundation
import MomentText

/// Days as `YYYY-MM-DD`: the unit snapshots are kept by.
///
/// A day is a calendar date, the same wherever the store is opened: 2026-09-30 is
/// 2026-09-30 in New York and in Tokyo. It is kept as the start of that date in UTC.
///
/// Stores written before kept the start of the day in the time zone of the machine
/// (2026-09-30 written in New York is 2026-09-30T04:00Z, in Tokyo 2026-09-29T15:00Z), so
/// under another zone a day was not found and could be made twice. `day(of:)` reads such
/// a moment back as the date it stood for, and `stored(on:)` finds it: the start of a
/// day in any zone (UTC-12 to UTC+14) lies between 14 hours before and 12 hours after
/// the start of that date in UTC. The two ends overlap by two hours, the start of a day
/// in UTC-10 to -12 and in UTC+12 to +14; a moment there more than 10 hours into a UTC
/// date is read as the next date (New Zealand, Fiji, Tonga and Kiribati), one at 10
/// hours or less as that date (Hawaii, the Cook Islands and Tahiti); only a store written
/// at UTC-11 or -12 or in the Line Islands (UTC+14) can have a day read one day off.
public struct Days: Sendable {
    /// Gregorian, in UTC: where the dates of days are counted.
    public let calendar: Calendar

    public init() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
    }

    /// How far into a UTC date a stored start of day may be and still stand for that
    /// date (see above); later, it stood for the next one.
    static let latestStart: TimeInterval = 10 * 3600
    /// How far before the start of its UTC date a stored start of day may be.
    static let earliestStart: TimeInterval = 14 * 3600

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

    /// The start (in UTC) of the date a stored day stands for: itself for a day stored
    /// by this version, the date meant for one stored at the start of a day elsewhere.
    public func day(of stored: Date) -> Date {
        let start = calendar.startOfDay(for: stored)
        guard stored.timeIntervalSince(start) > Self.latestStart else { return start }
        return calendar.date(byAdding: .day, value: 1, to: start) ?? start
    }

    /// The stored moments that stand for the day of the moment `day` (`day(of:)` gives
    /// that day back for each): a lower bound (excluded) and an upper bound (included).
    public func stored(on day: Date) -> (after: Date, upTo: Date) {
        let start = calendar.startOfDay(for: day)
        return (start.addingTimeInterval(-Self.earliestStart), start.addingTimeInterval(Self.latestStart))
    }

    public func format(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: day(of: date))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Whole days from `start` to `end`.
    public func days(from start: Date, to end: Date) -> Int {
        calendar.dateComponents([.day], from: day(of: start), to: day(of: end)).day ?? 0
    }
}
