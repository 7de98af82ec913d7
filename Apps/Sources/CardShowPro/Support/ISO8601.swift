import Foundation
import MomentText

/// ISO-8601 dates as exports write and read them.
///
/// Writing: whole seconds in UTC ("2026-01-13T17:30:00Z"), which is what the seed's
/// `JSONEncoder.dateEncodingStrategy = .iso8601` writes, so the seed's reader reads
/// our files. Reading: that, with fractional seconds or an offset, or a bare date
/// ("2026-01-13", midnight UTC), as spreadsheets write them.
enum ISO8601 {
    static func string(from date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// The years a dealer's dates fall in. Foundation's parser moves a day that does
    /// not exist (2026-02-30 becomes 2026-03-02) and takes any year; both are refused.
    static let plausibleYears = MomentText.years

    static func date(from text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard let day = calendarDay(in: text), day.isValidDate(in: utcCalendar),
              let year = day.year, plausibleYears.contains(year),
              // 24:00 is refused, not moved to the next day: the rule every tool applies (`MomentText`).
              MomentText.hasValidTimeOfDay(text) else { return nil }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) { return date }
        return nil
    }

    /// The year, month and day that begin the text ("2026-02-30..."), as written.
    private static func calendarDay(in text: String) -> DateComponents? {
        let digits = Array(text.utf8.prefix(10))
        guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return DateComponents(year: year, month: month, day: day)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    static let expectation = "is not a date that exists, from 1900 to 2199, at a time from 00:00 to 23:59, in ISO-8601 form "
        + "(like 2026-01-13T17:30:00Z or 2026-01-13)"
}
