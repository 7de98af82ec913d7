import Foundation

/// A moment too far from today for a calendar to place.
public enum PeriodError: LocalizedError, Equatable, Sendable {
    case outOfRange(Date?)

    public var errorDescription: String? {
        "That moment is too far from today to place in a benefit period; use a date between years 1 and 9999."
    }
}
