import Foundation

/// One event of a calendar file, or one occurrence of a recurring one, placed in time.
public struct CalendarOccurrence: Equatable, Sendable {
    public var uid: String
    /// For an all-day event (a DATE), the start of its date in UTC, as ``AllDay`` keeps it;
    /// otherwise the moment.
    public var start: Date
    public var end: Date?
    public var isAllDay: Bool
    public var summary: String
    public var details: String?
    /// The line of the file where its VEVENT begins.
    public var line: Int

    /// Where the occurrence stands among the moments of `calendar`: its start, or for an
    /// all-day event the start of its date in that calendar's zone.
    public func start(in calendar: Calendar) -> Date {
        isAllDay ? AllDay.start(of: start, in: calendar) : start
    }
}
