import SwiftData
import Foundation

/// One occurrence of an event type: when it happened, with an optional note.
///
/// `isAllDay` and `endDate` came after the first release (seed 003, "Migration fix
/// example"): the default and the optional type let a store written without them open
/// by lightweight migration. `externalID` is the iCalendar UID an imported event came
/// from, which with its start identifies it so that a second import skips it.
@Model
public final class Event {
    public var id: UUID
    public var timestamp: Date
    public var notes: String?
    public var eventType: EventType?

    public var isAllDay: Bool = false  // Default value for migration
    public var endDate: Date?          // Optional for backward compatibility
    public var externalID: String?

    public init(
        timestamp: Date,
        eventType: EventType?,
        notes: String? = nil,
        isAllDay: Bool = false,
        endDate: Date? = nil,
        externalID: String? = nil
    ) {
        self.id = UUID()
        self.timestamp = timestamp
        self.eventType = eventType
        self.notes = notes
        self.isAllDay = isAllDay
        self.endDate = endDate
        self.externalID = externalID
    }
}
