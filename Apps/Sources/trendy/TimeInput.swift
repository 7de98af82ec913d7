import CommandLineSupport
import Foundation
import MomentText
import Trendy

/// Reads the times users type, in their time zone: `2026-03-01`, `2026-03-01 08:30`,
/// `2026-03-01T08:30:15`, or `08:30` for today; or one instant, with an offset
/// (`2026-11-01 01:30 -05:00`) or in UTC (`2026-03-01T08:30:00Z`).
struct TimeInput {
    var calendar: Calendar
    var now: Date
    /// A `TZ` with summer-time rules (`EST5EDT,M3.2.0,M11.1.0`): times are read and shown on
    /// its clock, which `calendar`'s zone (its offset today) follows only half the year.
    var rule: POSIXTimeZoneRule? = nil
    private let formatters = ClockFormatters()

    static var current: TimeInput {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return TimeInput(calendar: calendar, now: Date(), rule: TimeZoneVariable.rule)
    }

    /// `calendar`, on the clock in force at `moment` (the rule's offset then).
    private func calendar(at moment: Date) -> Calendar {
        guard let rule else { return calendar }
        var fixed = calendar
        fixed.timeZone = rule.timeZone(for: moment)
        return fixed
    }

    /// The zone's name in words: the `TZ` as written for a rule.
    private var zoneName: String { rule?.text ?? calendar.timeZone.identifier }

    /// The forms taken without an offset. Only these: the numbers are read in order, so
    /// a letter or an offset the forms do not have (`08:30Z`, `2026-03-01 -05:00`, `EST`)
    /// would otherwise be dropped and the time read on the local clock, hours off.
    private static let dayAndTime = #"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([ T][0-9]{1,2}:[0-9]{2}(:[0-9]{2})?)?$"#
    private static let timeToday = #"^[0-9]{1,2}:[0-9]{2}(:[0-9]{2})?$"#

    func parse(_ text: String) throws -> Date {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        // `Z` after a day and time (as in the exports, `2026-03-01T08:30:00Z`) is UTC, the offset +00:00.
        if trimmed.hasSuffix("Z"), let wall = WallClockText(String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces)) {
            trimmed = String(format: "%04d-%02d-%02d %02d:%02d:%02d +00:00", wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second)
        }
        // With an offset (`2026-11-01 01:30 -04:00`): one instant, in whatever zone.
        if let written = OffsetTimeText(trimmed) {
            guard PlausibleDates.years.contains(written.wallClock.year) else { throw outsideYears(text) }
            guard let date = written.date else {
                throw ToolError("\"\(text)\" is not a real date and time: check the month, day, hour and minute.")
            }
            return date
        }
        let numbers = trimmed.split(whereSeparator: { !$0.isNumber }).map { Int($0) ?? -1 }
        var parts = DateComponents()
        if trimmed.range(of: Self.timeToday, options: .regularExpression) != nil {
            let today = calendar(at: now).dateComponents([.year, .month, .day], from: now)
            parts.year = today.year; parts.month = today.month; parts.day = today.day
            parts.hour = numbers[0]; parts.minute = numbers[1]; parts.second = numbers.count > 2 ? numbers[2] : 0
        } else if trimmed.range(of: Self.dayAndTime, options: .regularExpression) != nil {
            parts.year = numbers[0]; parts.month = numbers[1]; parts.day = numbers[2]
            parts.hour = numbers.count > 3 ? numbers[3] : 0
            parts.minute = numbers.count > 4 ? numbers[4] : 0
            parts.second = numbers.count > 5 ? numbers[5] : 0
        } else {
            throw ToolError("\"\(text)\" is not a time: write 2026-03-01, 2026-03-01 08:30 (2026-03-01 08:30 -05:00 with its offset), or 08:30 for today.")
        }
        guard let year = parts.year, PlausibleDates.years.contains(year) else { throw outsideYears(text) }
        // A day alone is the day's start, which is not always 00:00: where the clocks skip
        // midnight (America/Havana on 2026-03-08 goes from 00:00 to 01:00), the day is real
        // and begins at 01:00, and "a time before 00:00" is no advice to give.
        if trimmed.range(of: Self.dayAlone, options: .regularExpression) != nil {
            guard let start = startOfDay(year: year, month: parts.month ?? 0, day: parts.day ?? 0) else {
                if rule == nil, let (before, after) = LocalTime.skippedDay(year: year, month: parts.month ?? 0, day: parts.day ?? 0, in: calendar.timeZone) {
                    throw ToolError(LocalTime.skippedDayWords(text, before: before, after: after, zoneName: calendar.timeZone.identifier))
                }
                throw ToolError("\"\(text)\" is not a real date and time: check the month, day, hour and minute.")
            }
            return start
        }
        let reading = rule.map {
            LocalTime.date(year: year, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
                           minute: parts.minute ?? 0, second: parts.second ?? 0, in: $0)
        } ?? LocalTime.date(year: year, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
                            minute: parts.minute ?? 0, second: parts.second ?? 0, in: calendar)
        switch reading {
        case .success(let date): return date
        case .failure(.skipped(let from, let to)):
            throw ToolError(LocalTime.skippedWords(text, from: from, to: to, zoneName: zoneName))
        case .failure(.repeated(let first, let second, let from, let to)):
            throw ToolError(LocalTime.repeatedWords(text, first: first, second: second, from: from, to: to, zoneName: zoneName))
        case .failure(.skippedDay(let before, let after)):
            throw ToolError(LocalTime.skippedDayWords(text, before: before, after: after, zoneName: zoneName))
        case .failure(.notReal):
            throw ToolError("\"\(text)\" is not a real date and time: check the month, day, hour and minute.")
        }
    }

    private func outsideYears(_ text: String) -> ToolError {
        ToolError("\"\(text)\" is outside the years Trendy keeps: give a time from \(PlausibleDates.years.lowerBound) "
                  + "to \(PlausibleDates.years.upperBound).")
    }

    /// The moment `text` names; for a range's end given as a day alone, the start of the day
    /// after it, so that `--to 2026-03-31` includes March 31. A time given with the day is
    /// that time, midnight too: `--to '2026-03-31 00:00'` ends as March 31 begins.
    func parseDay(_ text: String, endOfRange: Bool) throws -> Date {
        let date = try parse(text)
        let dayAlone = text.trimmingCharacters(in: .whitespaces).range(of: Self.dayAlone, options: .regularExpression) != nil
        guard endOfRange, dayAlone else { return date }
        // The next day's start, read again: a day later on the clock would be 01:00 after a
        // day that began at 01:00, and the next day's midnight may be one the clocks skip.
        let clock = calendar(at: date)
        guard let later = clock.date(byAdding: .day, value: 1, to: date) else { return date }
        let next = clock.dateComponents([.year, .month, .day], from: later)
        return startOfDay(year: next.year ?? 0, month: next.month ?? 0, day: next.day ?? 0) ?? later
    }

    /// The first instant of the day on this calendar's clock, or nil for a day it does not
    /// have (2026-02-30; Pacific/Apia's 2011-12-30, which the clocks skipped whole). Found
    /// from its noon, which every real day has.
    private func startOfDay(year: Int, month: Int, day: Int) -> Date? {
        if let rule { return LocalTime.startOfDay(year: year, month: month, day: day, in: rule) }
        let wanted = DateComponents(year: year, month: month, day: day)
        guard let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)),
              calendar.dateComponents([.year, .month, .day], from: noon) == wanted else { return nil }
        return calendar.startOfDay(for: noon)
    }

    private static let dayAlone = #"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$"#

    /// An event's time: an all-day event's date as it is kept, the same in every zone (`AllDay`).
    func show(_ event: Event) -> String {
        event.isAllDay ? AllDay.text(of: event.timestamp) : show(event.timestamp)
    }

    /// Where `event` stands among the moments here: its timestamp, or for an all-day event
    /// the start of its date on this clock (`AllDay`), a rule's midnight that date too.
    func start(of event: Event) -> Date {
        event.isAllDay ? allDayStart(event.timestamp) : event.timestamp
    }

    /// The start here of the date an all-day event's stored moment stands for.
    func allDayStart(_ stored: Date) -> Date {
        guard let rule else { return AllDay.start(of: stored, in: calendar) }
        let text = AllDay.text(of: stored).split(separator: "-").compactMap { Int($0) }
        guard text.count == 3, let start = LocalTime.startOfDay(year: text[0], month: text[1], day: text[2], in: rule) else {
            return AllDay.start(of: stored, in: calendar)
        }
        return start
    }

    /// An all-day event's moment for the day `moment` falls on here (`AllDay`), or `moment`.
    func kept(_ moment: Date, allDay: Bool) -> Date {
        allDay ? AllDay.stored(dayOf: moment, in: calendar(at: moment)) : moment
    }

    func show(_ date: Date, allDay: Bool = false) -> String {
        let formatter = formatters.formatter(on: calendar(at: date), allDay: allDay)
        // A moment another program stored that no calendar holds (10^300 seconds from 1970)
        // is written as nothing: listed so, an event had a blank time.
        let text = formatter.string(from: date)
        return text.isEmpty ? "outside \(MomentText.years.lowerBound)–\(MomentText.years.upperBound)" : text
    }
}
