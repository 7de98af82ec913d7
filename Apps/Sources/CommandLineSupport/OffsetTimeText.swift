import Foundation

/// A day and time written with its offset from UTC, `2026-11-01 01:30 -04:00` or
/// `2026-11-01T01:30-04:00` (seconds optional): one instant whatever the user's zone, the
/// way to name either reading of a time the clocks show twice (`LocalTime`).
public struct OffsetTimeText: Equatable {
    public var wallClock: WallClockText
    /// Seconds east of UTC.
    public var offset: Int

    /// Nil for any other text, and for an offset past ±14:00.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let bytes = Array(trimmed.utf8)
        guard bytes.count >= 22 else { return nil }
        let sign = bytes[bytes.count - 6], colon = bytes[bytes.count - 3]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), colon == UInt8(ascii: ":") else { return nil }
        let digits = [bytes.count - 5, bytes.count - 4, bytes.count - 2, bytes.count - 1].map { bytes[$0] }
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hours = values[0] * 10 + values[1], minutes = values[2] * 10 + values[3]
        guard minutes < 60, hours * 60 + minutes <= 14 * 60 else { return nil }
        let wall = String(decoding: bytes[..<(bytes.count - 6)], as: UTF8.self)
        guard let wallClock = WallClockText(wall.hasSuffix(" ") ? String(wall.dropLast()) : wall) else { return nil }
        self.wallClock = wallClock
        self.offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3_600 + minutes * 60)
    }

    /// The instant it names, or nil when the day or time is not real (2026-02-30).
    public var date: Date? {
        var calendar = Calendar(identifier: .gregorian)
        guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        calendar.timeZone = zone
        let wall = wallClock
        guard case .success(let date) = LocalTime.date(year: wall.year, month: wall.month, day: wall.day, hour: wall.hour,
                                                       minute: wall.minute, second: wall.second, in: calendar) else { return nil }
        return date
    }

    /// "-04:00" for -14,400 seconds.
    public static func offset(_ seconds: Int) -> String {
        let magnitude = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", magnitude / 60, magnitude % 60)
    }
}
