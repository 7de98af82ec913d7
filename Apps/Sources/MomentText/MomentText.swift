import Foundation

/// The one rule every tool applies to a moment it reads, from an argument or an imported
/// file: a day of the Gregorian calendar from 1900 to 2199, and a time of day from 00:00
/// to 23:59:59. ISO 8601's "24:00" (the end of a day, which Foundation's parsers move to
/// the next day's 00:00) is refused, as the tools that read the time themselves refuse it:
/// one spelling for each moment, and a typo is not a day later than the user meant.
public enum MomentText {
    /// The years a moment falls in: far enough back for old records, far enough ahead for plans.
    public static let years = 1900...2199

    /// The moments of ``years``, in UTC: from the first of the first year to before the first
    /// of the year after the last. A moment another program stored outside them (10^300
    /// seconds from 1970) is one no tool writes or reads back.
    public static let moments: Range<Date> = {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let first = utc.date(from: DateComponents(year: years.lowerBound, month: 1, day: 1)) ?? .distantPast
        let after = utc.date(from: DateComponents(year: years.upperBound + 1, month: 1, day: 1)) ?? .distantFuture
        return first..<after
    }()

    /// "from 1900 to 2199", for messages.
    public static let yearsDescription = "from \(years.lowerBound) to \(years.upperBound)"

    /// Whether the time of day written after the day of an ISO 8601 text ("2026-01-01T23:59:59Z",
    /// "2026-01-01 24:00", "20260101T240000") is one: hours 00 to 23, minutes and seconds 00 to 59.
    /// A text with no time of day passes; so does one whose time this cannot read, for the
    /// parser that reads it to refuse.
    public static func hasValidTimeOfDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: " ") })
        else { return true }
        var index = separator + 1
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        var fields: [Int] = []
        while fields.count < 3, index + 1 < bytes.count, isDigit(bytes[index]), isDigit(bytes[index + 1]) {
            fields.append(Int(bytes[index] - UInt8(ascii: "0")) * 10 + Int(bytes[index + 1] - UInt8(ascii: "0")))
            index += 2
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
        }
        let limits = [23, 59, 59]
        return zip(fields, limits).allSatisfy { $0 <= $1 }
    }

    /// Whether what follows the time of day of an ISO 8601 text is, at most, a fraction of a
    /// second (a point or comma and digits) and a zone (`Z`, or an offset `+01:00`, `+0100`
    /// or `+01` of at most 14 hours, its minutes 00 to 59), and spaces. Foundation's parsers
    /// read a moment and stop: they took "2026-01-18T09:30:00Zjunk", an offset of 99 minutes
    /// (`+01:99`, 2 h 39 min) and, `ISO8601DateFormatter`, "+25:00" and a fraction "-01".
    /// A day alone (`2026-01-18`) passes; so does a time without a zone, for the reader to
    /// take in a zone it names or to refuse.
    public static func hasWellFormedEnd(_ text: String) -> Bool {
        // The day, YYYY-MM-DD, and what follows it: nothing, or a time after a T or a space.
        let bytes = Array(text.utf8)
        guard bytes.count > 10 else { return true }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]) else { return false }
        var index = 11
        func skip(_ accepted: (UInt8) -> Bool) -> Int {
            let start = index
            while index < bytes.count, accepted(bytes[index]) { index += 1 }
            return index - start
        }
        _ = skip { $0 == UInt8(ascii: " ") }
        _ = skip { isDigit($0) || $0 == UInt8(ascii: ":") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            guard skip(isDigit) > 0 else { return false }
        }
        _ = skip { $0 == UInt8(ascii: " ") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            index += 1
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
            let start = index
            let digits = skip(isDigit)
            var minutes = ArraySlice<UInt8>([UInt8(ascii: "0"), UInt8(ascii: "0")])
            switch digits {
            case 4:  // +HHMM
                minutes = bytes[start + 2..<start + 4]
            case 2:  // +HH or +HH:MM
                if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                    index += 1
                    let minuteStart = index
                    guard skip(isDigit) == 2 else { return false }
                    minutes = bytes[minuteStart..<minuteStart + 2]
                }
            default:
                return false
            }
            guard offsetFits(bytes[start..<start + 2], minutes) else { return false }
        }
        _ = skip { $0 == UInt8(ascii: " ") }
        return index == bytes.count
    }

    /// Whether an offset of `hours` and `minutes` (two digits each) is one a zone has: at
    /// most 14:00, its minutes 00 to 59.
    private static func offsetFits(_ hours: ArraySlice<UInt8>, _ minutes: ArraySlice<UInt8>) -> Bool {
        func value(_ digits: ArraySlice<UInt8>) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        let (h, m) = (value(hours), value(minutes))
        return m <= 59 && h * 60 + m <= 14 * 60
    }

    /// Whether `year-month-day` is a day of the Gregorian calendar within `years`.
    public static func isRealDay(year: Int, month: Int, day: Int) -> Bool {
        guard years.contains(year), (1...12).contains(month), day >= 1 else { return false }
        let lengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// Whether the text begins with a real day within `years` written `YYYY-MM-DD`.
    public static func beginsWithRealDay(_ text: String) -> Bool {
        guard let (year, month, day) = leadingDay(text) else { return false }
        return isRealDay(year: year, month: month, day: day)
    }

    /// Whether the text is a moment of the rule: it begins with a real day within `years`,
    /// any time of day it has is one, and nothing but a fraction and a zone follows it.
    public static func isPlausible(_ text: String) -> Bool {
        beginsWithRealDay(text) && hasValidTimeOfDay(text) && hasWellFormedEnd(text)
    }

    /// Whether the text is a moment as an export writes it: the rule, or a time on the day
    /// before `years` begin or after they end. Exports write UTC, and a time a user gave
    /// on 1900-01-01 in a zone ahead of UTC (or on 2199-12-31 behind it) is on one of those
    /// days there; refusing it would refuse an export of the tool's own.
    public static func isPlausibleExported(_ text: String) -> Bool {
        guard let (year, month, day) = leadingDay(text), hasValidTimeOfDay(text), hasWellFormedEnd(text) else { return false }
        return isRealDay(year: year, month: month, day: day)
            || (year, month, day) == (years.lowerBound - 1, 12, 31) || (year, month, day) == (years.upperBound + 1, 1, 1)
    }

    /// The year, month and day a text begins with, written `YYYY-MM-DD`, as numbers.
    private static func leadingDay(_ text: String) -> (Int, Int, Int)? {
        let head = Array(text.utf8.prefix(10))
        guard head.count == 10, head[4] == UInt8(ascii: "-"), head[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in head[range] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    private static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
