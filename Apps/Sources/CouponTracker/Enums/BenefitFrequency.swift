import Foundation

public enum BenefitFrequency: String, Codable, CaseIterable, Sendable {
    case monthly
    case quarterly
    case semiAnnual
    case annual

    public var displayName: String {
        switch self {
        case .monthly: return "Monthly"
        case .quarterly: return "Quarterly"
        case .semiAnnual: return "Semi-Annual"
        case .annual: return "Annual"
        }
    }

    /// Number of periods per year
    public var periodsPerYear: Int {
        switch self {
        case .monthly: return 12
        case .quarterly: return 4
        case .semiAnnual: return 2
        case .annual: return 1
        }
    }
}
