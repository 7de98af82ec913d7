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
        /// A time the clocks show twice, on a change back (the end of daylight saving
        /// time): `first` and `second` are the time written with each reading's offset
        /// ("2026-11-01 01:30 -04:00"), `from` and `to` the wall-clock times of the change.
        case repeated(first: String, second: String, from: String, to: String)
        /// A day of the calendar the zone skipped whole, moving across the date line
        /// (Pacific/Apia's 2011-12-30): `before` and `after` are the days (YYYY-MM-DD) its
        /// clocks went from and to.
        case skippedDay(before: String, after: String)
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
        if read == wanted {
            // Foundation takes the first of a repeated time without a word: which one the
            // user meant is theirs to say, with an offset.
            guard let (earlier, later, change) = readings(of: date, in: calendar.timeZone) else { return .success(date) }
            let written = String(format: "%04d-%02d-%02d %02d:%02d", year, month, day, hour, minute) + (second == 0 ? "" : String(format: ":%02d", second))
            return .failure(.repeated(first: written + " " + OffsetTimeText.offset(earlier), second: written + " " + OffsetTimeText.offset(later),
                                      from: wallClock(change.addingTimeInterval(-1), calendar, roundingUp: true),
                                      to: wallClock(change, calendar, roundingUp: false)))
        }
        if let (before, after) = skippedDay(year: year, month: month, day: day, in: calendar.timeZone) {
            return .failure(.skippedDay(before: before, after: after))
        }
        // The day is real but the time is not on its clock: the clocks skipped it.
        guard let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)),
              calendar.dateComponents([.year, .month, .day], from: noon) == DateComponents(year: year, month: month, day: day),
              let change = calendar.timeZone.nextDaylightSavingTimeTransition(after: date.addingTimeInterval(-86_400)),
              change <= date.addingTimeInterval(86_400)
        else { return .failure(.notReal) }
        return .failure(.skipped(from: wallClock(change.addingTimeInterval(-1), calendar, roundingUp: true),
                                 to: wallClock(change, calendar, roundingUp: false)))
    }

    /// The instant `year-month-day hour:minute:second` names on `rule`'s clock (a POSIX `TZ`
    /// with summer time, which no Foundation zone follows), with the same refusals: a time the
    /// clocks skip, and one they show twice, which is the user's to choose with its offset.
    public static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                            in rule: POSIXTimeZoneRule) -> Result<Date, Problem> {
        let days = POSIXTimeZoneRule.days(year: year, month: month, day: day)
        guard (1...12).contains(month), (1...31).contains(day), POSIXTimeZoneRule.civil(fromDays: days) == (year, month, day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return .failure(.notReal) }
        let wall = days * 86_400 + hour * 3_600 + minute * 60 + second
        let instants = rule.instants(ofWall: wall)
        let change = rule.change(near: wall - rule.standardOffset)
        func clock(_ seconds: Int) -> String {
            let time = seconds - POSIXTimeZoneRule.floorDivide(seconds, 86_400) * 86_400
            return String(format: "%02d:%02d", time / 3_600, time % 3_600 / 60)
        }
        switch (instants.count, change) {
        case (1, _): return .success(Date(timeIntervalSince1970: TimeInterval(instants[0])))
        case (2, let change?):
            let written = String(format: "%04d-%02d-%02d %02d:%02d", year, month, day, hour, minute) + (second == 0 ? "" : String(format: ":%02d", second))
            return .failure(.repeated(first: written + " " + OffsetTimeText.offset(wall - instants[0]),
                                      second: written + " " + OffsetTimeText.offset(wall - instants[1]),
                                      from: clock(change.instant + change.before), to: clock(change.instant + change.after)))
        case (0, let change?):
            return .failure(.skipped(from: clock(change.instant + change.before), to: clock(change.instant + change.after)))
        default: return .failure(.notReal)
        }
    }

    /// The first instant of `year-month-day` on `rule`'s clock: its midnight, or, where the
    /// clocks skip midnight, the change that skips it. Nil for a day the calendar does not have.
    public static func startOfDay(year: Int, month: Int, day: Int, in rule: POSIXTimeZoneRule) -> Date? {
        let days = POSIXTimeZoneRule.days(year: year, month: month, day: day)
        guard (1...12).contains(month), (1...31).contains(day), POSIXTimeZoneRule.civil(fromDays: days) == (year, month, day) else { return nil }
        let midnight = days * 86_400
        if let first = rule.instants(ofWall: midnight).first { return Date(timeIntervalSince1970: TimeInterval(first)) }
        return rule.change(near: midnight - rule.standardOffset).map { Date(timeIntervalSince1970: TimeInterval($0.instant)) }
    }

    /// The two offsets `date`'s wall-clock time has in `zone` when the clocks show it twice
    /// (the earlier reading's first), with the instant of the change; nil when it is shown once.
    private static func readings(of date: Date, in zone: TimeZone) -> (Int, Int, Date)? {
        guard let change = zone.nextDaylightSavingTimeTransition(after: date.addingTimeInterval(-86_400)),
              abs(change.timeIntervalSince(date)) < 86_400 else { return nil }
        let before = zone.secondsFromGMT(for: change.addingTimeInterval(-1)), after = zone.secondsFromGMT(for: change)
        guard before > after else { return nil }
        let wall = date.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: date)))
        let first = wall.addingTimeInterval(-TimeInterval(before)), second = wall.addingTimeInterval(-TimeInterval(after))
        guard first < change, second >= change else { return nil }
        return (before, after, change)
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

    /// The days `zone`'s clocks went from and to when it skipped `year-month-day` whole; nil
    /// when the day has a time there, or is not a day of the calendar. Read by the hour
    /// across the day and the offsets around it: a day that happened lasted hours.
    public static func skippedDay(year: Int, month: Int, day: Int, in zone: TimeZone) -> (before: String, after: String)? {
        var utc = Calendar(identifier: .gregorian)
        var local = utc
        guard let universal = TimeZone(identifier: "UTC") else { return nil }
        utc.timeZone = universal
        local.timeZone = zone
        let wanted = DateComponents(year: year, month: month, day: day)
        guard let midnight = utc.date(from: wanted), utc.dateComponents([.year, .month, .day], from: midnight) == wanted else { return nil }
        var before: DateComponents?
        var after: DateComponents?
        // Offsets run from -12 to +14 hours.
        for hour in -16...40 {
            let read = local.dateComponents([.year, .month, .day], from: midnight.addingTimeInterval(Double(hour) * 3600))
            if read == wanted { return nil }
            guard let readDay = utc.date(from: read) else { continue }
            if readDay < midnight { before = read } else if after == nil { after = read }
        }
        guard let before, let after else { return nil }
        func text(_ day: DateComponents) -> String { String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0) }
        return (text(before), text(after))
    }

    /// Words for a day the zone skipped whole: "'TEXT' is a day ZONE skipped: its clocks went from … to …".
    /// The zone is named as the user knows it: a zone's identifier, or the `TZ` rule as given.
    public static func skippedDayWords(_ text: String, before: String, after: String, zoneName: String) -> String {
        "'\(text)' is a day \(zoneName) skipped: its clocks went from \(before) straight to \(after) "
            + "(a move across the date line), so no time of that day happened there. Give a day before or after it."
    }

    /// Words for a skipped time: "'TEXT' does not exist in ZONE: the clocks went from 02:00 to 03:00 that day …".
    public static func skippedWords(_ text: String, from: String, to: String, zoneName: String) -> String {
        "'\(text)' does not exist in \(zoneName): the clocks went from \(from) to \(to) that day "
            + "(a change to daylight saving time). Give a time before \(from) or from \(to) on."
    }

    /// Words for a repeated time: "'TEXT' happened twice in ZONE: the clocks went back from
    /// 02:00 to 01:00 that day …", with the two ways to write it.
    public static func repeatedWords(_ text: String, first: String, second: String, from: String, to: String,
                                     zoneName: String) -> String {
        "'\(text)' happened twice in \(zoneName): the clocks went back from \(from) to \(to) that day "
            + "(the end of daylight saving time). Say which with its offset: '\(first)' for the first, '\(second)' for the second."
    }
}
