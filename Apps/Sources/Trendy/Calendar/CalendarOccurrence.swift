import Foundation

/// One event of a calendar file, or one occurrence of a recurring one, placed in time.
public struct CalendarOccurrence: Equatable, Sendable {
    public var uid: String
    public var start: Date
    public var end: Date?
    public var isAllDay: Bool
    public var summary: String
    public var details: String?
    /// The line of the file where its VEVENT begins.
    public var line: Int
}
