import Foundation

enum BenefitStatus: String, Codable, CaseIterable {
    case available
    case used
    case expired

    var displayName: String {
        switch self {
        case .available: return "Available"
        case .used: return "Used"
        case .expired: return "Expired"
        }
    }

    var iconName: String {
        switch self {
        case .available: return "circle"
        case .used: return "checkmark.circle.fill"
        case .expired: return "xmark.circle"
        }
    }
}
