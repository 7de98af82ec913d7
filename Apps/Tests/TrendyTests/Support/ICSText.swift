import Foundation
import Trendy

/// Calendar files for the tests, written line by line with CRLF endings as RFC 5545 requires.
enum ICSText {
    static func calendar(_ body: [String], prodID: String = "-//Trendy Tests//EN", lineEnding: String = "\r\n") -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(prodID)"] + body + ["END:VCALENDAR"]).joined(separator: lineEnding) + lineEnding
    }

    static func event(uid: String, _ properties: [String], summary: String = "Event") -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:\(summary)"] + properties + ["END:VEVENT"]
    }

    /// A window wide enough for every test's recurring events: 2020 to 2030, UTC.
    static let window = DateInterval(start: Fixtures.utc(2020, 1, 1), end: Fixtures.utc(2030, 1, 1))

    static func read(_ text: String, window: DateInterval = window, zone: TimeZone = Fixtures.utc) throws -> [CalendarOccurrence] {
        try ICSCalendarReader.occurrences(in: text, window: window, timeZone: zone)
    }

    /// The starts of the occurrences, as UTC instants.
    static func starts(_ body: [String], window: DateInterval = window, zone: TimeZone = Fixtures.utc) throws -> [Date] {
        try read(calendar(body), window: window, zone: zone).map(\.start).sorted()
    }
}
