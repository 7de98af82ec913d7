import Foundation

/// The days of all-day events: a date, the same wherever the store is read. An all-day
/// event on 2026-03-10 is on 2026-03-10 in Tokyo and in New York.
///
/// Trendy keeps such an event's `timestamp` (and its `endDate`) as the start of its date
/// in UTC, 2026-03-10T00:00Z. Before, it kept the start of the day in the time zone the
/// event was logged or imported in, as the seed's app does (2026-03-10 logged in Tokyo is
/// 2026-03-09T15:00Z, in New York 2026-03-10T05:00Z), so read in another zone the event
/// was shown on, found by and counted on the day before or after. `day(of:)` reads such a
/// moment back as the date it stood for, as AssetFlow reads its days (`Days`): the start
/// of a day in any zone (UTC-12 to UTC+14) lies between 14 hours before and 12 hours after
/// the start of that date in UTC. The two ends overlap by two hours; a moment more than 10
/// hours into a UTC date is read as the next date (a day begun in New Zealand, Fiji or
/// Tonga), one at 10 hours or less as that date (Hawaii, Tahiti). Only an event stored
/// before at UTC-11 or -12 or in the Line Islands (UTC+14) can be read one day off. The
/// stored properties are unchanged, so a store of either form opens as it is.
public enum AllDay {
    /// Gregorian, in UTC: where the dates of all-day events are counted.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// How far into a UTC date a stored start of day may be and still stand for that
    /// date; later, it stood for the next one.
    static let latestStart: TimeInterval = 10 * 3600

    /// How an all-day event is kept on the day `moment` falls on in `calendar` (its zone):
    /// the start of that date in UTC.
    public static func stored(dayOf moment: Date, in calendar: Calendar) -> Date {
        let date = calendar.dateComponents([.year, .month, .day], from: moment)
        return utc.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) ?? moment
    }

    /// The start in UTC of the date an all-day event's stored moment stands for: itself
    /// when stored by this version, the date meant when stored at the start of a day elsewhere.
    public static func day(of stored: Date) -> Date {
        let start = utc.startOfDay(for: stored)
        guard stored.timeIntervalSince(start) > latestStart else { return start }
        return utc.date(byAdding: .day, value: 1, to: start) ?? start
    }

    /// Where an all-day event stands among the moments of `calendar`: the start of its date
    /// in that calendar's zone, which is what a range or a bucket of days there holds.
    public static func start(of stored: Date, in calendar: Calendar) -> Date {
        let day = day(of: stored)
        let date = utc.dateComponents([.year, .month, .day], from: day)
        // From its noon, which every real day has: where the clocks skip midnight the day begins at 01:00.
        guard let noon = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)) else {
            return day
        }
        return calendar.startOfDay(for: noon)
    }

    /// The date as `2026-03-10`.
    public static func text(of stored: Date) -> String {
        let date = utc.dateComponents([.year, .month, .day], from: day(of: stored))
        return String(format: "%04d-%02d-%02d", date.year ?? 0, date.month ?? 0, date.day ?? 0)
    }
}

extension Event {
    /// Where the event stands among the moments of `calendar`: its timestamp, or for an
    /// all-day event the start of its date in that calendar's zone (see ``AllDay``).
    public func start(in calendar: Calendar) -> Date {
        isAllDay ? AllDay.start(of: timestamp, in: calendar) : timestamp
    }
}
