import Foundation

/// An RRULE (RFC 5545, 3.3.10) of the forms calendar programs write: FREQ DAILY,
/// WEEKLY, MONTHLY or YEARLY, with INTERVAL, COUNT or UNTIL, BYDAY (with ordinals
/// such as 2SU or -1FR), BYMONTHDAY, BYMONTH and WKST. A rule with other parts is
/// refused by name rather than expanded wrongly.
struct RecurrenceRule {
    enum Frequency: String { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    struct WeekdayRule: Equatable {
        /// 1 for the first such weekday of the month (or year), -1 for the last; nil for every one.
        var ordinal: Int?
        /// Calendar's numbering: 1 is Sunday.
        var weekday: Int
    }

    var frequency: Frequency
    var interval = 1
    var count: Int?
    var until: ICSDateValue?
    var byDay: [WeekdayRule] = []
    var byMonthDay: [Int] = []
    var byMonth: [Int] = []
    var weekStart = 2

    static let weekdays = ["SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7]

    /// `zone` places a date-only UNTIL; a date-time UNTIL is in UTC, as RFC 5545 requires.
    init(_ line: ICSContentLine, zone: ICSZone) throws {
        func fail(_ message: String) -> ICSError { ICSError(line: line.line, "RRULE: \(message)") }
        var parts: [String: String] = [:]
        // By Unicode scalars: a part that begins with a combining mark is one character with the ";" before it.
        for part in line.value.unicodeScalars.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String(String.UnicodeScalarView($0)) }
            guard pair.count == 2 else { throw fail("\"\(String(String.UnicodeScalarView(part)))\" is not NAME=value") }
            parts[pair[0].uppercased()] = pair[1]
        }
        guard let freqText = parts.removeValue(forKey: "FREQ") else { throw fail("FREQ is missing") }
        guard let frequency = Frequency(rawValue: freqText.uppercased()) else {
            throw fail("FREQ=\(freqText) is not supported (DAILY, WEEKLY, MONTHLY and YEARLY are)")
        }
        self.frequency = frequency
        func integers(_ text: String, name: String, allowed: ClosedRange<Int>) throws -> [Int] {
            try text.split(separator: ",").map { item in
                guard let value = Int(item), allowed.contains(value), value != 0 else { throw fail("\(name)=\(text) is not a list of numbers in \(allowed)") }
                return value
            }
        }
        if let text = parts.removeValue(forKey: "INTERVAL") {
            guard let value = Int(text), value > 0 else { throw fail("INTERVAL=\(text) is not a positive number") }
            interval = value
        }
        if let text = parts.removeValue(forKey: "COUNT") {
            guard let value = Int(text), value > 0 else { throw fail("COUNT=\(text) is not a positive number") }
            count = value
        }
        if let text = parts.removeValue(forKey: "UNTIL") {
            let parsed = try ICSDateValue.parseOne(text, line: line)
            until = ICSDateValue(wall: parsed.isDate ? parsed.wall.addingTimeInterval(86_399) : parsed.wall, isDate: parsed.isDate,
                                 zone: parsed.isUTC ? .utc : zone)
        }
        if count != nil, until != nil { throw fail("COUNT and UNTIL cannot both be given") }
        if let text = parts.removeValue(forKey: "BYDAY") {
            byDay = try text.split(separator: ",").map { item in
                let code = String(item.suffix(2)).uppercased()
                let ordinalText = item.dropLast(2)
                guard let weekday = Self.weekdays[code] else { throw fail("BYDAY=\(text): \"\(item)\" is not a weekday such as MO or 2SU") }
                if ordinalText.isEmpty { return WeekdayRule(ordinal: nil, weekday: weekday) }
                guard let ordinal = Int(ordinalText.hasPrefix("+") ? String(ordinalText.dropFirst()) : String(ordinalText)),
                      ordinal != 0, abs(ordinal) <= 53 else { throw fail("BYDAY=\(text): \"\(item)\" has a bad ordinal") }
                return WeekdayRule(ordinal: ordinal, weekday: weekday)
            }
        }
        if let text = parts.removeValue(forKey: "BYMONTHDAY") { byMonthDay = try integers(text, name: "BYMONTHDAY", allowed: -31...31) }
        if let text = parts.removeValue(forKey: "BYMONTH") { byMonth = try integers(text, name: "BYMONTH", allowed: 1...12) }
        if let text = parts.removeValue(forKey: "WKST") {
            guard let day = Self.weekdays[text.uppercased()] else { throw fail("WKST=\(text) is not a weekday") }
            weekStart = day
        }
        if let unsupported = parts.keys.sorted().first { throw fail("\(unsupported) is not supported") }
        // An ordinal counts the weekday within the month (MONTHLY, or YEARLY with BYMONTH),
        // which has at most 5 of each, or within the year; DAILY and WEEKLY take none (RFC 5545, 3.3.10).
        // Refused here rather than matching no day, which would drop every repeat without a word.
        let bound = frequency == .monthly || (frequency == .yearly && !byMonth.isEmpty) ? 5 : 53
        for rule in byDay {
            guard let ordinal = rule.ordinal else { continue }
            let item = "\(ordinal)\(Self.weekdays.first { $0.value == rule.weekday }?.key ?? "")"
            if frequency == .daily || frequency == .weekly {
                throw fail("BYDAY \"\(item)\" has a number, which only a MONTHLY or YEARLY rule takes")
            }
            if abs(ordinal) > bound {
                throw fail("BYDAY \"\(item)\" has the ordinal \(ordinal), but a \(bound == 5 ? "month" : "year") has at most \(bound) of each weekday "
                           + "(from -\(bound) to \(bound), not 0)")
            }
        }
    }

    /// The occurrences' wall times, beginning with `startWall` (which RFC 5545 counts as
    /// the first), in order, until COUNT is reached, `isPastUntil` says stop, or an
    /// occurrence falls after `stopAfterWall`.
    func expand(startWall: Date, stopAfterWall: Date, isPastUntil: (Date) -> Bool) -> [Date] {
        let calendar = WallClock.calendar
        let start = WallClock.components(startWall)
        guard let year = start.year, let month = start.month, let day = start.day,
              let hour = start.hour, let minute = start.minute, let second = start.second, let weekday = start.weekday else { return [startWall] }
        // DTSTART is the first instance whatever the rule says (RFC 5545, 3.8.5.3): an UNTIL
        // before it leaves it alone, where it left the event out ("Imported 0 events.").
        if isPastUntil(startWall) { return [startWall] }
        var results = [startWall]
        if let count, count <= 1 { return results }
        let timeOfDay = TimeInterval(hour * 3_600 + minute * 60 + second)
        guard let startDay = WallClock.date(year, month, day), let firstOfMonth = WallClock.date(year, month, 1),
              let firstOfYear = WallClock.date(year, 1, 1) else { return results }
        let weekAnchor = startDay.addingTimeInterval(-Double((weekday - weekStart + 7) % 7) * 86_400)

        var period = 0
        while period < 200_000 {
            guard let offset = offset(ofPeriod: period) else { break }
            let periodStart: Date?
            switch frequency {
            case .daily: periodStart = calendar.date(byAdding: .day, value: offset, to: startDay)
            case .weekly: periodStart = calendar.date(byAdding: .day, value: offset, to: weekAnchor)
            case .monthly: periodStart = calendar.date(byAdding: .month, value: offset, to: firstOfMonth)
            case .yearly: periodStart = calendar.date(byAdding: .year, value: offset, to: firstOfYear)
            }
            guard let periodStart, periodStart <= stopAfterWall else { break }
            for candidateDay in days(in: periodStart, startMonth: month, startDay: day, startWeekday: weekday) {
                let candidate = candidateDay.addingTimeInterval(timeOfDay)
                guard candidate > startWall else { continue }
                if candidate > stopAfterWall || isPastUntil(candidate) { return results }
                results.append(candidate)
                if let count, results.count >= count { return results }
            }
            period += 1
        }
        return results
    }

    /// How far the period `period` begins from the first, in days (DAILY, WEEKLY), months or
    /// years; nil once that is more than 10,000 years, where no occurrence can be imported. Any
    /// INTERVAL a file holds is taken, and one near `Int.max` would overflow the product, or
    /// ask the calendar for a date it stops the process on.
    private func offset(ofPeriod period: Int) -> Int? {
        let (unitsPerInterval, limit): (Int, Int) = switch frequency {
        case .daily: (1, 10_000 * 366)
        case .weekly: (7, 10_000 * 366)
        case .monthly: (1, 10_000 * 12)
        case .yearly: (1, 10_000)
        }
        let (step, stepOverflows) = interval.multipliedReportingOverflow(by: unitsPerInterval)
        let (offset, overflows) = period.multipliedReportingOverflow(by: step)
        guard !stepOverflows, !overflows, offset <= limit else { return nil }
        return offset
    }

    /// The days (at midnight) of one period that the rule selects, in order.
    private func days(in periodStart: Date, startMonth: Int, startDay: Int, startWeekday: Int) -> [Date] {
        let parts = WallClock.components(periodStart)
        guard let year = parts.year, let month = parts.month else { return [] }
        switch frequency {
        case .daily:
            return filtered([periodStart])
        case .weekly:
            let week = (0..<7).map { periodStart.addingTimeInterval(Double($0) * 86_400) }
            let wanted = byDay.isEmpty ? [startWeekday] : byDay.map(\.weekday)
            return filtered(week.filter { wanted.contains(WallClock.calendar.component(.weekday, from: $0)) }, checkWeekday: false)
        case .monthly:
            if !byMonth.isEmpty, !byMonth.contains(month) { return [] }
            return monthDays(year: year, month: month, defaultDay: startDay)
        case .yearly:
            if byMonth.isEmpty, !byDay.isEmpty, byDay.contains(where: { $0.ordinal != nil }), byMonthDay.isEmpty {
                // The nth weekday of the year.
                let days = (1...12).flatMap { allDays(year: year, month: $0) }
                return byDay.flatMap { pick($0, from: days) }.sorted()
            }
            let months = byMonth.isEmpty ? [startMonth] : byMonth.sorted()
            return months.flatMap { monthDays(year: year, month: $0, defaultDay: startDay) }
        }
    }

    private func monthDays(year: Int, month: Int, defaultDay: Int) -> [Date] {
        let days = allDays(year: year, month: month)
        var chosen: [Date]
        if !byMonthDay.isEmpty {
            chosen = byMonthDay.compactMap { $0 > 0 ? (days.count >= $0 ? days[$0 - 1] : nil) : (days.count >= -$0 ? days[days.count + $0] : nil) }
            if !byDay.isEmpty {
                let byDayDays = Set(byDay.flatMap { pick($0, from: days) })
                chosen = chosen.filter { byDayDays.contains($0) }
            }
        } else if !byDay.isEmpty {
            chosen = byDay.flatMap { pick($0, from: days) }
        } else {
            // A month without the start's day (the 31st in April) has no occurrence (RFC 5545, 3.3.10).
            chosen = days.count >= defaultDay ? [days[defaultDay - 1]] : []
        }
        return Array(Set(chosen)).sorted()
    }

    private func allDays(year: Int, month: Int) -> [Date] {
        (1...31).compactMap { WallClock.date(year, month, $0) }
    }

    /// The days of `days` on the rule's weekday: all of them, or the nth (from the end when negative).
    private func pick(_ rule: WeekdayRule, from days: [Date]) -> [Date] {
        let matching = days.filter { WallClock.calendar.component(.weekday, from: $0) == rule.weekday }
        guard let ordinal = rule.ordinal else { return matching }
        let index = ordinal > 0 ? ordinal - 1 : matching.count + ordinal
        return matching.indices.contains(index) ? [matching[index]] : []
    }

    /// DAILY and WEEKLY rules narrowed by BYMONTH, BYMONTHDAY and BYDAY.
    private func filtered(_ days: [Date], checkWeekday: Bool = true) -> [Date] {
        days.filter { day in
            let parts = WallClock.components(day)
            if !byMonth.isEmpty, let month = parts.month, !byMonth.contains(month) { return false }
            if !byMonthDay.isEmpty, let dayNumber = parts.day, let year = parts.year, let month = parts.month {
                let length = allDays(year: year, month: month).count
                if !byMonthDay.contains(where: { $0 > 0 ? $0 == dayNumber : length + $0 + 1 == dayNumber }) { return false }
            }
            if checkWeekday, !byDay.isEmpty, let weekday = parts.weekday, !byDay.contains(where: { $0.weekday == weekday }) { return false }
            return true
        }
    }
}
