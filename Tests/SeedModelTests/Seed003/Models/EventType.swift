import SwiftData
import Foundation

// Seed 003 shows EventType's relationship verbatim; `id` and `name` are the properties its
// queries use (`$0.eventType?.id == eventType.id`, `SortDescriptor(\.name)`).
@Model
final class EventType {
    var id: UUID
    var name: String

    // EventType.swift
    @Relationship(deleteRule: .nullify) var events: [Event]?

    init(name: String) {
        self.id = UUID()
        self.name = name
        self.events = []
    }
}
