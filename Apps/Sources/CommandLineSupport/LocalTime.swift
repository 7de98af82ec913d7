import Foundation

/// A time of day on a day of the calendar, read on the user's wall clock (their zone):
/// the instant it names, or why it names none.
public enum LocalTime {
    public enum Problem: Error, Equatable {
        /// Not a day of the calendar (2026-02-30), or not a time of day.
        case notReal
        /// A time the clocks skip, on a change to daylight saving time: `from` and `to` are
        /// the wall-clock times (HH:MM) before and after the change.
        case skipped(from: String, to: String)
    }

    /// The instant `year-month-day hour:minute:second` names in `calendar`'s zone. Built
    /// from all its parts at once, so that a zone whose offset had seconds then (Asia/Kolkata
    /// in 1900, +05:53:20) reads every second; and read back, so that a time the clocks skip
    /// is refused rather than moved.
    public static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                            in calendar: Calendar) -> Result<Date, Problem> {
        let wanted = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
              let date = calendar.date(from: wanted) else { return .failure(.notReal) }
        let read = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        if read == wanted { return .success(date) }
        // The day is real but the time is not on its clock: the clocks skipped it.
        guard let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)),
              calendar.dateComponents([.year, .month, .day], from: noon) == DateComponents(year: year, month: month, day: day),
              let change = calendar.timeZone.nextDaylightSavingTimeTransition(after: date.addingTimeInterval(-86_400)),
              change <= date.addingTimeInterval(86_400)
        else { return .failure(.notReal) }
        return .failure(.skipped(from: wallClock(change.addingTimeInterval(-1), calendar, roundingUp: true),
                                 to: wallClock(change, calendar, roundingUp: false)))
    }

    /// "02:00" for the last second before a change (01:59:59, rounded up) and the first after it.
    private static func wallClock(_ date: Date, _ calendar: Calendar, roundingUp: Bool) -> String {
        let moment = roundingUp ? date.addingTimeInterval(1) : date
        let offset = calendar.timeZone.secondsFromGMT(for: date)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = utc.dateComponents([.hour, .minute], from: moment.addingTimeInterval(TimeInterval(offset)))
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// Words for a skipped time: "'TEXT' does not exist in ZONE: the clocks went from 02:00 to 03:00 that day …".
    public static func skippedWords(_ text: String, from: String, to: String, zone: TimeZone) -> String {
        "'\(text)' does not exist in \(zone.identifier): the clocks went from \(from) to \(to) that day "
            + "(a change to daylight saving time). Give a time before \(from) or from \(to) on."
    }
}
