import SwiftData
import Foundation

// Seed 003 shows Event only in fragments: `Event(timestamp:eventType:notes:)`, `eventType`,
// `notes`, `timestamp` (the fetch sort key), and the two properties added after release,
// with the defaults that made their migration lightweight. This is that model, whole.
@Model
final class Event {
    var id: UUID
    var timestamp: Date
    var notes: String?

    // Event.swift
    var eventType: EventType?

    // Event.swift - Migration fix example
    var isAllDay: Bool = false  // Default value for migration
    var endDate: Date?         // Optional for backward compatibility

    init(
        timestamp: Date,
        eventType: EventType?,
        notes: String? = nil,
        isAllDay: Bool = false,
        endDate: Date? = nil
    ) {
        self.id = UUID()
        self.timestamp = timestamp
        self.eventType = eventType
        self.notes = notes
        self.isAllDay = isAllDay
        self.endDate = endDate
    }
}
