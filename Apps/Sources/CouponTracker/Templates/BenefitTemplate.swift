import Foundation
import NameText

public struct BenefitTemplate: Codable, Identifiable, Hashable, Sendable {
    public let id: UUID
    public let name: String
    public let description: String
    public let value: Decimal
    public let frequency: BenefitFrequency
    public let category: BenefitCategory
    public let merchant: String?
    public let resetDayOfMonth: Int?  // nil means calendar period start

    // Not in the seed: the real template file gives Platinum's Uber Cash $20 more in
    // December as `bonusValue` with `bonusMonths` [12]. A period that starts in one of
    // those months is worth `value + bonusValue`.
    public let bonusValue: Decimal?
    public let bonusMonths: [Int]?

    public init(id: UUID, name: String, description: String, value: Decimal, frequency: BenefitFrequency,
                category: BenefitCategory, merchant: String? = nil, resetDayOfMonth: Int? = nil,
                bonusValue: Decimal? = nil, bonusMonths: [Int]? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.value = value
        self.frequency = frequency
        self.category = category
        self.merchant = merchant
        self.resetDayOfMonth = resetDayOfMonth
        self.bonusValue = bonusValue
        self.bonusMonths = bonusMonths
    }

    // MARK: - Computed Properties

    /// Annual value of this benefit
    public var annualValue: Decimal {
        let base: Decimal
        switch frequency {
        case .monthly:
            base = value * 12
        case .quarterly:
            base = value * 4
        case .semiAnnual:
            base = value * 2
        case .annual:
            base = value
        }
        return base + bonusPerYear
    }

    /// The bonus a year of periods earns: one per bonus month in which a period starts.
    var bonusPerYear: Decimal {
        guard let bonusValue, let bonusMonths else { return 0 }
        let starts = PeriodCalculator.startMonths(of: frequency)
        return bonusValue * Decimal(Set(bonusMonths).intersection(starts).count)
    }

    /// The value of the period that starts in `month` (1-12).
    public func value(forPeriodStartingIn month: Int) -> Decimal {
        guard let bonusValue, let bonusMonths, bonusMonths.contains(month) else { return value }
        return value + bonusValue
    }

    /// Human-readable frequency string
    public var frequencyDescription: String {
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
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    public static func == (lhs: BenefitTemplate, rhs: BenefitTemplate) -> Bool {
        lhs.id == rhs.id
    }
}

// MARK: - Decoding with checks
// The seed decodes this with the synthesized decoder: every key is required except
// `merchant` and `resetDayOfMonth`. Kept, with each value checked so that a bad one
// is refused with its key path rather than accepted.
extension BenefitTemplate {
    enum CodingKeys: String, CodingKey {
        case id, name, description, value, frequency, category, merchant, resetDayOfMonth, bonusValue, bonusMonths
    }

    /// The range of a period's value, in the words `add-benefit` uses.
    static let range = "a benefit's value is from 0 to 999,999.99 each period"

    static func outOfRange(_ amount: Decimal, _ what: String) -> String {
        "\(what) of \(amount) is out of range: \(range)"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.uuid(.id)
        name = try container.decode(String.self, forKey: .name)
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw TemplateProblem(container.codingPath + [CodingKeys.name], "a benefit needs a name")
        }
        if let problem = NameLineBreak(in: name) { throw TemplateProblem(container.codingPath + [CodingKeys.name], problem.reason) }
        description = try container.decode(String.self, forKey: .description)
        value = try container.decode(Decimal.self, forKey: .value)
        // The range `add-benefit` and `import` take: a catalog's value is kept as a
        // benefit's, and one they refuse would make an export this tool cannot import.
        if !Wallet.values.contains(value) {
            throw TemplateProblem(container.codingPath + [CodingKeys.value], Self.outOfRange(value, "a value"))
        }
        frequency = try container.oneOf(BenefitFrequency.self, .frequency)
        category = try container.oneOf(BenefitCategory.self, .category)
        merchant = try container.decodeIfPresent(String.self, forKey: .merchant)
        resetDayOfMonth = try container.decodeIfPresent(Int.self, forKey: .resetDayOfMonth)
        if let day = resetDayOfMonth, !(1...31).contains(day) {
            throw TemplateProblem(container.codingPath + [CodingKeys.resetDayOfMonth], "\(day) is not a day of the month (1 to 31)")
        }
        bonusValue = try container.decodeIfPresent(Decimal.self, forKey: .bonusValue)
        if let bonus = bonusValue {
            guard Wallet.values.contains(bonus) else {
                throw TemplateProblem(container.codingPath + [CodingKeys.bonusValue], Self.outOfRange(bonus, "a bonus value"))
            }
            // A bonus month redeems the value and the bonus: that sum is a period's value too.
            guard Wallet.values.contains(value + bonus) else {
                throw TemplateProblem(container.codingPath + [CodingKeys.bonusValue],
                                      "the value and the bonus value together are \(value + bonus); \(Self.range)")
            }
        }
        bonusMonths = try container.decodeIfPresent([Int].self, forKey: .bonusMonths)
        if let months = bonusMonths, let bad = months.first(where: { !(1...12).contains($0) }) {
            throw TemplateProblem(container.codingPath + [CodingKeys.bonusMonths], "\(bad) is not a month (1 to 12)")
        }
    }
}
