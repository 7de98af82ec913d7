import Foundation

struct BenefitTemplate: Codable, Identifiable, Hashable {
    let id: UUID
    let name: String
    let description: String
    let value: Decimal
    let frequency: BenefitFrequency
    let category: BenefitCategory
    let merchant: String?
    let resetDayOfMonth: Int?  // nil means calendar period start

    // MARK: - Computed Properties

    /// Annual value of this benefit
    var annualValue: Decimal {
        switch frequency {
        case .monthly:
            return value * 12
        case .quarterly:
            return value * 4
        case .semiAnnual:
            return value * 2
        case .annual:
            return value
        }
    }

    /// Human-readable frequency string
    var frequencyDescription: String {
        switch frequency {
        case .monthly:
            return "Monthly"
        case .quarterly:
            return "Quarterly"
        case .semiAnnual:
            return "Semi-Annual"
        case .annual:
            return "Annual"
        }
    }

    // MARK: - Hashable
    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    static func == (lhs: BenefitTemplate, rhs: BenefitTemplate) -> Bool {
        lhs.id == rhs.id
    }
}
