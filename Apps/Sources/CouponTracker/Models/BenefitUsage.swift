import SwiftData
import Foundation

@Model
public final class BenefitUsage {
    // MARK: - Primary Key
    @Attribute(.unique)
    public var id: UUID

    // MARK: - Relationships
    public var benefit: Benefit?

    // MARK: - Usage Details
    /// When the benefit was marked as used
    public var usedDate: Date

    /// Period start for which this usage applies
    public var periodStart: Date

    /// Period end for which this usage applies
    public var periodEnd: Date

    /// Value that was redeemed
    public var valueRedeemed: Decimal

    /// Optional user notes
    public var notes: String?

    /// Was this an auto-expiration (vs manual mark as used)
    public var wasAutoExpired: Bool

    // MARK: - Denormalized Data (for history display)
    /// Card name at time of usage (in case card is later deleted)
    public var cardNameSnapshot: String?

    /// Benefit name at time of usage
    public var benefitNameSnapshot: String?

    // MARK: - Metadata
    public var createdAt: Date

    // MARK: - Initialization
    public init(
        id: UUID = UUID(),
        benefit: Benefit? = nil,
        usedDate: Date = Date(),
        periodStart: Date,
        periodEnd: Date,
        valueRedeemed: Decimal,
        notes: String? = nil,
        wasAutoExpired: Bool = false,
        cardNameSnapshot: String? = nil,
        benefitNameSnapshot: String? = nil
    ) {
        self.id = id
        self.benefit = benefit
        self.usedDate = usedDate
        self.periodStart = periodStart
        self.periodEnd = periodEnd
        self.valueRedeemed = valueRedeemed
        self.notes = notes
        self.wasAutoExpired = wasAutoExpired
        self.cardNameSnapshot = cardNameSnapshot
        self.benefitNameSnapshot = benefitNameSnapshot
        self.createdAt = Date()
    }
}
