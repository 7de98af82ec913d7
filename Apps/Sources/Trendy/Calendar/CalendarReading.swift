/// What an iCalendar file holds within an import's range: its occurrences, and the
/// repeats of recurring events left out past the most one event may have.
public struct CalendarReading: Sendable {
    public var occurrences: [CalendarOccurrence]
    public var leftOut: [LeftOutRepeats]
}
