import SwiftData
import Foundation
import NameText

/// A kind of event the user tracks ("Water", "Gym"), shown as a coloured bubble with an
/// icon. Deleting a type keeps its events, without a type (seed 003, Data Relationships).
@Model
public final class EventType {
    public var id: UUID
    public var name: String
    /// A colour as `#RRGGBB`.
    public var colorHex: String
    /// An SF Symbols name in the iOS app; any short word here.
    public var iconName: String

    @Relationship(deleteRule: .nullify) public var events: [Event]?

    public init(name: String, colorHex: String = "#007AFF", iconName: String = "circle") {
        self.id = UUID()
        self.name = name
        self.colorHex = colorHex
        self.iconName = iconName
        self.events = []
    }

    /// What two type names are compared by: trimmed of spaces and line breaks, then as
    /// every tool compares names (`NameText`: composed, case folded fully). "Coffee" and
    /// " COFFEE " name one type, and "Straße" and "STRASSE", wherever a name comes from
    /// (the command line, a JSON import).
    public nonisolated static func nameKey(_ name: String) -> String {
        NameText.key(name.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
