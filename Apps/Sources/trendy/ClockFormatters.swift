import Foundation

/// The formatters `TimeInput` shows moments with, one for each clock and form, each made once:
/// made for each row, they were most of the time a long list took.
final class ClockFormatters {
    private struct Key: Hashable {
        let zone: TimeZone
        let allDay: Bool
    }

    private var made: [Key: DateFormatter] = [:]

    /// The formatter writing a day (`2026-03-01`), or a day and time (`2026-03-01 08:30`), on `clock`.
    func formatter(on clock: Calendar, allDay: Bool) -> DateFormatter {
        let key = Key(zone: clock.timeZone, allDay: allDay)
        if let formatter = made[key] { return formatter }
        let formatter = DateFormatter()
        formatter.calendar = clock
        formatter.timeZone = clock.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = allDay ? "yyyy-MM-dd" : "yyyy-MM-dd HH:mm"
        made[key] = formatter
        return formatter
    }
}
