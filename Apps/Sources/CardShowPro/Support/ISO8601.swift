import Foundation
import MomentText

/// ISO-8601 dates as exports write and read them.
///
/// Writing: whole seconds in UTC ("2026-01-13T17:30:00Z"), which is what the seed's
/// `JSONEncoder.dateEncodingStrategy = .iso8601` writes, so the seed's reader reads
/// our files. Reading: that, with fractional seconds or an offset, or a bare date
/// ("2026-01-13", midnight UTC), as spreadsheets write them; a time without a zone is
/// refused (the cardshow tool reads one typed on its command line in the dealer's zone).
enum ISO8601 {
    static func string(from date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// The years a dealer's dates fall in. Foundation's parser moves a day that does
    /// not exist (2026-02-30 becomes 2026-03-02) and takes any year; both are refused.
    static let plausibleYears = MomentText.years

    /// - Parameter exported: whether the text comes from an export (or the server's
    ///   client), whose UTC may put a time given on the first or last day of the years a
    ///   day outside them (`MomentText.isPlausibleExported`).
    static func date(from text: String, exported: Bool = false) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard exported ? MomentText.isPlausibleExported(text) : MomentText.isPlausible(text) else { return nil }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        // A day alone only: this strategy reads the day of "2026-01-13T17:30" and drops the
        // time, where a time without a zone is refused (whose clock it is on is not said).
        if text.utf8.count == 10, let date = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) { return date }
        return nil
    }

    static let expectation = "is not a date that exists, from 1900 to 2199, at a time from 00:00 to 23:59, in ISO-8601 form "
        + "(like 2026-01-13T17:30:00Z or 2026-01-13; a time needs its zone, Z or an offset such as +01:00)"
}
