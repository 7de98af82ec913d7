import Foundation

/// What a tracker's user wants to know about one event type.
public struct TypeStatistics: Equatable, Sendable {
    public var name: String
    /// Events in the report's range.
    public var total: Int
    /// Events in each bucket of the report, in order.
    public var counts: [Int]
    /// Consecutive days with at least one event, ending today (or yesterday, when
    /// today has none yet: the streak is still alive until the day is over).
    public var currentStreak: Int
    public var longestStreak: Int
    /// Events in the range by the hour of the day they happened, 0 to 23 (all-day events left out).
    public var hours: [Int]
    public var first: Date?
    public var last: Date?
}
