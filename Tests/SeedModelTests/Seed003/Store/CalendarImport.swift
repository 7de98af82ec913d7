import SwiftData
import Foundation

// The seed's calendar import (Batch Operations), with the types its loop names:
// every selected mapping's calendar events become Events of the mapped type, and a
// single save writes them all, atomically.
struct CalendarEvent {
    var startDate: Date
    var endDate: Date?
    var isAllDay: Bool
    var notes: String?
}

struct EventTypeMapping {
    var eventType: EventType
    var isSelected: Bool
    var calendarEvents: [CalendarEvent]
}

enum CalendarImport {
    static func importEvents(_ eventTypeMappings: [EventTypeMapping], into modelContext: ModelContext) throws {
        // Calendar import example
        for mapping in eventTypeMappings where mapping.isSelected {
            for calendarEvent in mapping.calendarEvents {
                let newEvent = Event(
                    timestamp: calendarEvent.startDate,
                    eventType: mapping.eventType,
                    notes: calendarEvent.notes,
                    isAllDay: calendarEvent.isAllDay,
                    endDate: calendarEvent.endDate
                )
                modelContext.insert(newEvent)
                // No save() here - batching inserts
            }
        }
        // Single save() for all events - atomic operation
        try modelContext.save()
    }
}
