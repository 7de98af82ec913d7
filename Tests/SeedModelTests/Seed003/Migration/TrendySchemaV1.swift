import SwiftData
import Foundation

// Trendy's models as first released, before `isAllDay` and `endDate` were added to
// Event (seed 003, "Migration & Schema Evolution"). Nested in a versioned schema, as
// SwiftData apps keep old versions, so that their entity names stay `Event` and
// `EventType` and a store written with them is the store the current models open.
enum TrendySchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Event.self, EventType.self]
    }

    @Model
    final class Event {
        var id: UUID
        var timestamp: Date
        var notes: String?
        var eventType: EventType?

        init(timestamp: Date, eventType: EventType?, notes: String? = nil) {
            self.id = UUID()
            self.timestamp = timestamp
            self.eventType = eventType
            self.notes = notes
        }
    }

    @Model
    final class EventType {
        var id: UUID
        var name: String
        @Relationship(deleteRule: .nullify) var events: [Event]?

        init(name: String) {
            self.id = UUID()
            self.name = name
            self.events = []
        }
    }
}
