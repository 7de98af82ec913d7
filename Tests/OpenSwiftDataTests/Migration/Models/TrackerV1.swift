import Foundation
import OpenSwiftData

/// Another app's models, one of which shares its name (`Event`) with CardShow's and
/// none of its properties but `notes`: a store written with them is not CardShow's.
enum TrackerV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Event.self, EventType.self] }

    @Model
    final class Event {
        var timestamp: Date
        var notes: String?
        var kind: EventType?
        init(timestamp: Date, notes: String? = nil) { self.timestamp = timestamp; self.notes = notes }
    }

    @Model
    final class EventType {
        var name: String
        @Relationship(inverse: \Event.kind) var events: [Event] = []
        init(name: String) { self.name = name }
    }

    static func seed(_ context: ModelContext) throws {
        let water = EventType(name: "Water")
        context.insert(water)
        let event = Event(timestamp: Date(timeIntervalSince1970: 1_700_000_000), notes: "a glass")
        context.insert(event)
        event.kind = water
        try context.save()
    }
}
