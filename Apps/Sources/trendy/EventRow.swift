import CommandLineSupport
import Foundation
import Trendy

/// An event as `trendy list --json` prints it.
struct EventRow: Encodable {
    let id: String
    let time: String
    let type: String?
    let notes: String?
    let allDay: Bool
    let end: String?

    init(_ event: Event) {
        let formatter = ISO8601DateFormatter()
        id = event.id.uuidString
        // An all-day event's date as the start of it in UTC, whatever form the store kept it in (`AllDay`).
        time = formatter.string(from: event.isAllDay ? AllDay.day(of: event.timestamp) : event.timestamp)
        type = event.eventType?.name
        notes = event.notes
        allDay = event.isAllDay
        end = event.endDate.map { formatter.string(from: event.isAllDay ? AllDay.day(of: $0) : $0) }
    }
}

/// The first 8 characters of an id, which `edit` and `delete` take.
func shortID(_ event: Event) -> String { String(event.id.uuidString.prefix(8)).lowercased() }
