import SwiftData
import Foundation

/// Trendy's models as first released, before events had `isAllDay`, `endDate` and
/// `externalID`. Kept so that a store written by that version can be written in tests,
/// and so that the migration plan names where stores come from.
public enum TrendySchemaV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)

    public static var models: [any PersistentModel.Type] { [Event.self, EventType.self] }

    @Model
    public final class EventType {
        public var id: UUID
        public var name: String
        public var colorHex: String
        public var iconName: String
        @Relationship(deleteRule: .nullify) public var events: [Event]?

        public init(name: String, colorHex: String = "#007AFF", iconName: String = "circle") {
            self.id = UUID()
            self.name = name
            self.colorHex = colorHex
            self.iconName = iconName
            self.events = []
        }
    }

    @Model
    public final class Event {
        public var id: UUID
        public var timestamp: Date
        public var notes: String?
        public var eventType: EventType?

        public init(timestamp: Date, eventType: EventType?, notes: String? = nil) {
            self.id = UUID()
            self.timestamp = timestamp
            self.eventType = eventType
            self.notes = notes
        }
    }
}
