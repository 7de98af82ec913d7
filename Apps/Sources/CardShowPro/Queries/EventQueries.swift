import Foundation
import OpenSwiftData

/// The seed's query pattern 8, and the other event look-ups vendor mode needs.
public struct EventQueries {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    // MARK: 8. Events from the last 3 months

    public static func recentEventsDescriptor(months: Int = 3, now: Date = Date(), calendar: Calendar = .current)
        -> FetchDescriptor<Event> {
        // A calendar that cannot count so far back: every event is recent.
        let since = calendar.date(byAdding: .month, value: -months, to: now) ?? .distantPast
        return FetchDescriptor<Event>(
            predicate: #Predicate { event in event.date >= since },
            sortBy: [SortDescriptor(\.date, order: .reverse)])
    }

    /// Events dated within the last `months` months of `now`, newest first.
    public func recentEvents(months: Int = 3, now: Date = Date(), calendar: Calendar = .current) throws -> [Event] {
        try context.fetch(Self.recentEventsDescriptor(months: months, now: now, calendar: calendar))
    }

    /// Every event, newest first.
    public func allEvents() throws -> [Event] {
        try context.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.date, order: .reverse)]))
    }

    /// The events running now.
    public func activeEvents() throws -> [Event] {
        try context.fetch(FetchDescriptor<Event>(predicate: #Predicate { $0.isActive == true }))
    }
}
