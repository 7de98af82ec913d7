import Foundation

/// What the mutations insert into each format: the values its parser must refuse or
/// bound (the impossible dates, amounts past every limit, NaN and infinities, NUL, the
/// byte-order mark, unbalanced quotes and brackets, deep nesting, long text) and the
/// pieces of its syntax (separators, keys, calendar lines, deck-list headings).
enum EdgeValues {
    /// Text every format meets: control characters, Unicode that compares oddly, numbers past the limits.
    static let common = [
        "\0", "\n", "\r\n", "\r", "\t", "\u{FEFF}", "\u{202E}", "é", "e\u{301}", "İ", "🏳️‍🌈", "\u{FFFD}",
        "-1", "0", "-0", "1e300", "1e400", "NaN", "inf", "99999999999999999999", "9223372036854775808",
        "0.000000001", "2026-02-30", "0000-01-01", "9999-12-31", "1900-01-01", String(repeating: "a", count: 5_000),
    ]

    static let csv = common + [",", "\"", "\"\"", ",,,,,,,,", "\"unterminated", "$", "1,234.56", "(12)", "USD", "EUR", "%"]

    static let json = common + [
        "{", "}", "[", "]", ",", ":", "null", "true", "\"", "\"\"", "{}", "[]", "\\u0000", "\\ud800", "\\", "1.5",
        "\"2026-02-30T00:00:00Z\"", "\"0001-01-01T00:00:00Z\"", "\"version\":\"99.0\"", "\"id\":\"not-a-uuid\"",
        String(repeating: "[", count: 100), String(repeating: "{\"a\":", count: 80),
    ]

    static let calendar = common + [
        "BEGIN:VEVENT\r\n", "END:VEVENT\r\n", "BEGIN:VCALENDAR\r\n", "END:VCALENDAR\r\n", "BEGIN:VTIMEZONE\r\n",
        "RRULE:FREQ=DAILY;COUNT=100000\r\n", "RRULE:FREQ=SECONDLY\r\n", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\r\n",
        "RRULE:FREQ=WEEKLY;INTERVAL=0\r\n", "RRULE:FREQ=MONTHLY;UNTIL=00000101T000000Z\r\n",
        "DTSTART;TZID=Nowhere/Zone:20250101T000000\r\n", "DTSTART:99991231T235959Z\r\n", "DTSTART;VALUE=DATE:20260230\r\n",
        "DTEND:19000101T000000Z\r\n", "EXDATE:20250101T000000Z\r\n", "DURATION:-P1D\r\n", "SUMMARY:gym\r\n",
        "RRULE:FREQ=WEEKLY;INTERVAL=9223372036854775807\r\n", "DURATION:P9223372036854775807W\r\n", "TZOFFSETTO:+9959\r\n",
        "\r\n ", ";", ":", "=",
    ]

    static let deckList = common + [
        "Deck 0: ", "Deck -1: ", "Deck 31: ", "Deck 99999999999999999999: x", "Competitor: ", "Name: ", "Format: Tornado",
        "Format: Trios", "Format: ", "Finish: ", "Alternate: ", "Spectacle: NEWMAN", "Entrance: ", "Deck 1: Move 1",
        "[00000000000000000000000000000000]", "[", "]", ":", "#", "2x ",
    ]

    /// The predicate target reads its input as choices and 8-byte words: small numbers pick
    /// atoms and values, and the words are the bit patterns of the doubles and integers at the edges.
    static let predicateBytes: [Data] = (0..<20).map { Data([UInt8($0)]) } + [Data([0xFF]), Data([0x80])]
        + [Double.nan, .infinity, -.infinity, -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 9_007_199_254_740_994]
            .map { bigEndian($0.bitPattern) }
        + [Int.max, Int.min, -1, 1 << 53].map { bigEndian(UInt64(bitPattern: Int64($0))) }

    private static func bigEndian(_ word: UInt64) -> Data { Data((0..<8).map { UInt8(truncatingIfNeeded: word >> (56 - 8 * $0)) }) }

    static func data(_ texts: [String]) -> [Data] { texts.map { Data($0.utf8) } }
}
