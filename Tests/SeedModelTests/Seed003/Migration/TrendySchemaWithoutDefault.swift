import SwiftData
import Foundation

// The mistake behind the seed's logged migration error ("missing attribute values on
// mandatory destination attribute"): a new non-optional property without a default.
// A store written with V1 cannot be opened with it, and the error must say why.
enum TrendySchemaWithoutDefault: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Event.self, EventType.self]
    }

    @Model
    final class Event {
        var id: UUID
        var timestamp: Date
        var notes: String?
        var eventType: EventType?
        var mood: String

        init(timestamp: Date, mood: String) {
            self.id = UUID()
            self.timestamp = timestamp
            self.mood = mood
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
