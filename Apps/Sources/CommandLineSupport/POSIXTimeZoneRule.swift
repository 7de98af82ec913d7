import Foundation

/// A POSIX `TZ` with summer time and the rules of its changes, `EST5EDT,M3.2.0,M11.1.0` or
/// `CET-1CEST,M3.5.0,M10.5.0/3`, read as the C library (glibc's `tzset`) reads it, because
/// Foundation cannot: it knows zones by name only, and read such a `TZ` as UTC. A Foundation
/// `TimeZone` cannot be made to follow a rule, so the tools ask this for an instant's offset
/// and for the instant a wall-clock time names.
///
/// The grammar: a standard name (three letters or more, or `<+05>` in angle brackets) and
/// its offset, hours *west* of Greenwich (`[+-]hh[:mm[:ss]]`); a summer name and, optionally,
/// its offset (one hour less than the standard's when left out); then `,start[/time],end[/time]`,
/// each a day `Mm.w.d` (day `d`, Sunday 0, of week `w`, 5 the last, of month `m`), `Jn` (1 to
/// 365, February 29 never counted) or `n` (0 to 365, counted), and a time of day on the clock
/// then in force (02:00 when left out; from -167 to 167 hours, as POSIX.1-2024 and glibc allow).
/// Without the rules (`CET-1CEST`) glibc takes them from a zone file: that form is not read here.
public struct POSIXTimeZoneRule: Equatable, Sendable {
    /// The `TZ` as written, the zone's name in the tools' words.
    public let text: String
    /// Seconds east of UTC, Foundation's sign: -18,000 for `EST5`.
    public let standardOffset: Int
    public let summerOffset: Int
    let start: Change
    let end: Change

    struct Change: Equatable, Sendable {
        enum Day: Equatable, Sendable {
            /// `Jn`: 1 to 365, February 29 not counted.
            case julian(Int)
            /// `n`: 0 to 365, February 29 counted.
            case dayOfYear(Int)
            /// `Mm.w.d`.
            case weekday(month: Int, week: Int, day: Int)
        }

        var day: Day
        /// Seconds after midnight on the clock in force before the change.
        var time: Int
    }

    /// Nil for any text that is not such a rule (a zone name, a zone without summer time,
    /// summer time without its rules) and for offsets Foundation cannot show (past 18 hours).
    public init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standardWest = scanner.offset(maximumHours: 24),
              scanner.name() else { return nil }
        let summerWest = scanner.peek(UInt8(ascii: ",")) ? standardWest - 3_600 : scanner.offset(maximumHours: 24)
        guard let summerWest, scanner.take(UInt8(ascii: ",")), let start = scanner.change(),
              scanner.take(UInt8(ascii: ",")), let end = scanner.change(), scanner.atEnd else { return nil }
        guard abs(standardWest) <= 18 * 3_600, abs(summerWest) <= 18 * 3_600 else { return nil }
        self.text = text
        standardOffset = -standardWest
        summerOffset = -summerWest
        self.start = start
        self.end = end
    }

    /// Seconds east of UTC at `date`, as `localtime` gives them.
    public func secondsFromGMT(for date: Date) -> Int {
        isSummerTime(at: Self.seconds(date)) ? summerOffset : standardOffset
    }

    /// A zone of `date`'s offset, for Foundation to show or count that instant on the clock.
    public func timeZone(for date: Date) -> TimeZone {
        TimeZone(secondsFromGMT: secondsFromGMT(for: date)) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    /// glibc's choice: the changes of the instant's year in UTC; summer time from the start to
    /// the end, or, where the end comes first in the year (the southern hemisphere), outside them.
    func isSummerTime(at seconds: Int) -> Bool {
        let year = Self.civil(fromDays: Self.floorDivide(seconds, 86_400)).year
        let (starts, ends) = changes(in: year)
        return starts > ends ? (seconds < ends || seconds >= starts) : (seconds >= starts && seconds < ends)
    }

    /// The instants, in seconds since 1970, summer time starts and ends in `year`.
    func changes(in year: Int) -> (start: Int, end: Int) {
        (Self.midnight(of: start.day, in: year) * 86_400 + start.time - standardOffset,
         Self.midnight(of: end.day, in: year) * 86_400 + end.time - summerOffset)
    }

    /// The instants the wall-clock time `seconds` (counted as if the clock were UTC's) names:
    /// none where the clocks skip it, two (the earlier first) where they show it twice.
    func instants(ofWall seconds: Int) -> [Int] {
        var found: [Int] = []
        for offset in [summerOffset, standardOffset].sorted(by: >) {
            let instant = seconds - offset
            if isSummerTime(at: instant) == (offset == summerOffset), !found.contains(instant) { found.append(instant) }
        }
        if summerOffset == standardOffset, found.isEmpty { found.append(seconds - standardOffset) }
        return found.sorted()
    }

    /// The change nearest `seconds` (within a day and a half), with the offsets before and after it.
    func change(near seconds: Int) -> (instant: Int, before: Int, after: Int)? {
        let year = Self.civil(fromDays: Self.floorDivide(seconds, 86_400)).year
        let candidates = (year - 1...year + 1).flatMap { year -> [Int] in let (a, b) = changes(in: year); return [a, b] }
        guard let nearest = candidates.min(by: { abs($0 - seconds) < abs($1 - seconds) }), abs(nearest - seconds) <= 129_600 else { return nil }
        let before = isSummerTime(at: nearest - 1) ? summerOffset : standardOffset
        let after = isSummerTime(at: nearest) ? summerOffset : standardOffset
        return before == after ? nil : (nearest, before, after)
    }

    // MARK: Days

    /// Days from 1970-01-01 to the day `rule` names in `year` (glibc's `compute_change`).
    static func midnight(of rule: Change.Day, in year: Int) -> Int {
        let january1 = days(year: year, month: 1, day: 1)
        switch rule {
        case let .julian(day): return january1 + day - 1 + (day >= 60 && isLeap(year) ? 1 : 0)
        case let .dayOfYear(day): return january1 + day
        case let .weekday(month, week, weekday):
            let first = days(year: year, month: month, day: 1)
            let length = days(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1) - first
            // 1970-01-01 was a Thursday (4); `day` counts from the month's first.
            let firstWeekday = ((first % 7) + 7 + 4) % 7
            var day = (weekday - firstWeekday + 7) % 7
            for _ in 1..<week where day + 7 < length { day += 7 }
            return first + day
        }
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// Days from 1970-01-01 to a day of the Gregorian calendar (Howard Hinnant's `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the Gregorian calendar `days` after 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    static func seconds(_ date: Date) -> Int {
        let interval = date.timeIntervalSince1970.rounded(.down)
        return interval.isFinite && abs(interval) < 1e15 ? Int(interval) : 0
    }

    // MARK: Reading the text

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek(byte) else { return false }
            index += 1
            return true
        }

        /// Three letters or more, or `<…>` of three letters, digits, `+` or `-` or more.
        mutating func name() -> Bool {
            if take(UInt8(ascii: "<")) {
                let begin = index
                while index < bytes.count, Self.isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "+")
                        || bytes[index] == UInt8(ascii: "-") { index += 1 }
                return index - begin >= 3 && take(UInt8(ascii: ">"))
            }
            let begin = index
            while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
            return index - begin >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, the sign as written (west of Greenwich for an offset).
        mutating func offset(maximumHours: Int) -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(digits: 1...3), hours <= maximumHours else { return nil }
            var seconds = hours * 3_600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(digits: 2...2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let extra = number(digits: 2...2), extra < 60 else { return nil }
                    seconds += extra
                }
            }
            return sign * seconds
        }

        mutating func change() -> Change? {
            let day: Change.Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(digits: 1...3), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if take(UInt8(ascii: "M")) {
                guard let month = number(digits: 1...2), (1...12).contains(month), take(UInt8(ascii: ".")),
                      let week = number(digits: 1...1), (1...5).contains(week), take(UInt8(ascii: ".")),
                      let weekday = number(digits: 1...1), (0...6).contains(weekday) else { return nil }
                day = .weekday(month: month, week: week, day: weekday)
            } else {
                guard let n = number(digits: 1...3), (0...365).contains(n) else { return nil }
                day = .dayOfYear(n)
            }
            var time = 7_200
            if take(UInt8(ascii: "/")) {
                guard let given = offset(maximumHours: 167) else { return nil }
                time = given
            }
            return Change(day: day, time: time)
        }

        mutating func number(digits: ClosedRange<Int>) -> Int? {
            let begin = index
            var value = 0
            while index < bytes.count, index - begin < digits.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return digits.contains(index - begin) ? value : nil
        }

        static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }

        static func isAlphanumeric(_ byte: UInt8) -> Bool {
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
