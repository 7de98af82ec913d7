import Foundation

/// A local date and time as written in a calendar file, before it is placed in a time
/// zone, held as a `Date` in a GMT calendar so that date arithmetic on it (the next
/// day, the second Sunday of March) never meets a daylight-saving jump.
enum WallClock {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        calendar.firstWeekday = 2
        return calendar
    }()

    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date? {
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        // Refuse what Calendar would roll over (February 30 becoming March 2).
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard back.year == year, back.month == month, back.day == day, back.hour == hour, back.minute == minute, back.second == second else { return nil }
        return date
    }

    static func components(_ wall: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: wall)
    }

    /// The same wall time read in `zone`.
    static func instant(_ wall: Date, in zone: TimeZone) -> Date {
        var zoned = Calendar(identifier: .gregorian)
        zoned.timeZone = zone
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: wall)
        parts.timeZone = zone
        return zoned.date(from: parts) ?? wall.addingTimeInterval(-Double(zone.secondsFromGMT(for: wall)))
    }
}
