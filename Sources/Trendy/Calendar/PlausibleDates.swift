import Foundation
import MomentText

/// The years Trendy's times fall in, and the check that a written day exists: Foundation's
/// parsers move a day that does not (2026-02-30 becomes 2026-03-02) and take any year,
/// so a typo would become a real-looking event decades or days away.
public enum PlausibleDates {
    /// As CardShow Pro's: far enough back for old records, far enough ahead for plans.
    public static let years = MomentText.years

    /// Whether `year-month-day` is a day of the Gregorian calendar within `years`.
    public static func isRealDay(year: Int, month: Int, day: Int) -> Bool {
        guard years.contains(year), (1...12).contains(month), day >= 1 else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else { return false }
        return calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: day)
    }

    /// Whether the text begins with a real day written `YYYY-MM-DD` (an ISO 8601 time).
    public static func beginsWithRealDay(_ text: String) -> Bool {
        let head = Array(text.utf8.prefix(10))
        guard head.count == 10, head[4] == UInt8(ascii: "-"), head[7] == UInt8(ascii: "-") else { return false }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in head[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return false }
        return isRealDay(year: year, month: month, day: day)
    }
}
