import Foundation

public enum BenefitStatus: String, Codable, CaseIterable, Sendable {
    case available
    case used
    case expired

    public var displayName: String {
        switch self {
        case .available: return "Available"
        case .used: return "Used"
        case .expired: return "Expired"
        }
    }

    public var iconName: String {
        switch self {
        case .available: return "circle"
        case .used: return "checkmark.circle.fill"
        case .expired: return "xmark.circle"
        }
    }
}
