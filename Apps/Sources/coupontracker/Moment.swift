import CommandLineSupport
import Foundation
import MomentText

/// The moments `--now`, `--from` and `--to` take.
enum Moment {
    /// The years a wallet's moments fall in, as the other tools' (CardShow Pro's, Trendy's):
    /// a year such as 9999 is a typo, and `reset` as of it would record a million expired periods.
    static let years = MomentText.years

    /// `YYYY-MM-DD` (the start of that day), `YYYY-MM-DDTHH:MM[:SS]` (wall-clock time in
    /// `calendar`'s zone) or ISO 8601 with `Z` or an offset. A time of day is read on `rule`'s
    /// clock when there is one (a `TZ` with summer-time rules, which `calendar`'s zone keeps
    /// only half the year).
    static func parse(_ text: String, calendar: Calendar, rule: POSIXTimeZoneRule? = nil) throws -> Date {
        let date = try read(text, calendar: calendar, rule: rule)
        let year = calendar.component(.year, from: date)
        guard years.contains(year) else {
            throw ToolError("'\(text)' is in the year \(year): give a moment from \(years.lowerBound) to \(years.upperBound).")
        }
        return date
    }

    /// A day option's value (`prune --before`, `totals --from` and `--to`): `YYYY-MM-DD`, the
    /// start of that day. A time is refused: `--before 2026-02-01T05:00` deleted the records
    /// of that morning and said "from before 2026-02-01"; `totals --from` counted from it,
    /// naming the whole day. `counts` says what the option does with the day, for the refusal.
    static func parseDay(_ text: String, option: String, counts: String, calendar: Calendar) throws -> Date {
        if let cut = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }) {
            let day = text[..<cut]
            throw ToolError("\(option) is a day (YYYY-MM-DD), and '\(text)' has a time: \(counts).\n"
                            + "Give the day alone\(day.isEmpty ? "" : ", \(option) \(day)").")
        }
        return try parse(text, calendar: calendar)
    }

    private static func read(_ text: String, calendar: Calendar, rule: POSIXTimeZoneRule?) throws -> Date {
        let refusal = ToolError("'\(text)' is not a moment: write 2026-03-15, 2026-03-15T09:30 or 2026-03-15T09:30:00Z.")
        // 24:00 is refused, not moved to the next day, as everywhere (`MomentText`).
        guard MomentText.hasValidTimeOfDay(text) else {
            throw ToolError("'\(text)' is not a moment: the hour is from 00 to 23 (write the next day's 00:00 for the end of a day).")
        }
        // Foundation's parser reads a moment and stops: it took "…T09:30:00Zjunk", and an offset
        // of "+01:99" or "+25:00", which no zone has.
        guard MomentText.hasWellFormedEnd(text) else { throw refusal }
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        // `2026-11-01T01:30-04:00`, `2026-11-01 01:30 -04:00`: the way to name either reading of a repeated time.
        if let written = OffsetTimeText(text) {
            guard let date = written.date else { throw ToolError("'\(text)' is not a day of the calendar.") }
            return date
        }
        // Kept empty pieces: "" and "T09:30" are refused below, not indexed past their end.
        let pieces = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let date = pieces.first, !date.isEmpty else { throw refusal }
        let day = date.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        var time: [Int?] = [0, 0, 0]
        if pieces.count == 2 {
            time = pieces[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            if time.count == 2 { time.append(0) }
        }
        guard day.count == 3, time.count == 3, let year = day[0], let month = day[1], let dayOfMonth = day[2],
              let hour = time[0], let minute = time[1], let second = time[2], (1...9999).contains(year),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { throw refusal }
        let wanted = DateComponents(year: year, month: month, day: dayOfMonth)
        guard let noon = calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth, hour: 12)),
              calendar.dateComponents([.year, .month, .day], from: noon) == wanted
        else {
            if let (before, after) = LocalTime.skippedDay(year: year, month: month, day: dayOfMonth, in: calendar.timeZone) {
                throw ToolError(LocalTime.skippedDayWords(text, before: before, after: after, zoneName: calendar.timeZone.identifier))
            }
            throw ToolError("'\(text)' is not a day of the calendar.")
        }
        if pieces.count == 1 { return calendar.startOfDay(for: noon) }
        let zone = rule?.text ?? calendar.timeZone.identifier
        let reading = rule.map { LocalTime.date(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute, second: second, in: $0) }
            ?? LocalTime.date(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute, second: second, in: calendar)
        switch reading {
        case .success(let date): return date
        case .failure(.skipped(let from, let to)):
            throw ToolError(LocalTime.skippedWords(text, from: from, to: to, zoneName: zone))
        case .failure(.repeated(let first, let second, let from, let to)):
            throw ToolError(LocalTime.repeatedWords(text, first: first, second: second, from: from, to: to, zoneName: zone))
        case .failure(.skippedDay(let before, let after)):
            throw ToolError(LocalTime.skippedDayWords(text, before: before, after: after, zoneName: zone))
        case .failure(.notReal): throw ToolError("'\(text)' does not exist in \(zone).")
        }
    }
}
