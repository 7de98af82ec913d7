import Foundation

/// How much a contact, or one of their wants, matters; also used for want-list items.
public enum ContactPriority: String, Codable, CaseIterable, Sendable {
    case high = "High"
    case medium = "Medium"
    case low = "Low"

    /// For sorting: high first.
    public var rank: Int {
        switch self {
        case .high: 0
        case .medium: 1
        case .low: 2
        }
    }
}
