import Foundation

/// Timestamps as the Android app stores them: milliseconds since 1970 in an `Int64`.
public enum Timestamp {
    /// The current time in milliseconds.
    public static func now() -> Int64 {
        milliseconds(from: Date())
    }

    /// `date` in milliseconds since 1970, rounded down.
    public static func milliseconds(from date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The date of a stored millisecond timestamp.
    public static func date(fromMilliseconds milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }
}
