import Foundation

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

    static func date(from text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) { return date }
        return nil
    }

    static let expectation = "is not an ISO-8601 date (like 2026-01-13T17:30:00Z or 2026-01-13)"
}
