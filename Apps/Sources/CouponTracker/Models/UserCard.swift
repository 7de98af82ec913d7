import SwiftData
import Foundation

@Model
public final class UserCard {
    // MARK: - Primary Key
    @Attribute(.unique)
    public var id: UUID

    // MARK: - Template Reference
    /// Reference to CardTemplate.id for pre-populated cards.
    /// nil for custom cards.
    public var cardTemplateId: UUID?

    // MARK: - User Customization
    /// User-defined nickname (e.g., "Personal", "Business")
    public var nickname: String?

    // MARK: - Custom Card Properties
    /// True if this is a user-created custom card
    public var isCustom: Bool

    /// Name for custom cards (ignored if isCustom = false)
    public var customName: String?

    /// Issuer for custom cards
    public var customIssuer: String?

    /// Hex color for custom card gradient (e.g., "#1a1a2e")
    public var customColorHex: String?

    // MARK: - Metadata
    /// Date card was added to wallet
    public var addedDate: Date

    /// Sort order in wallet view (lower = first)
    public var sortOrder: Int

    /// Record creation timestamp
    public var createdAt: Date

    /// Last modification timestamp
    public var updatedAt: Date

    // MARK: - Relationships
    @Relationship(deleteRule: .cascade, inverse: \Benefit.userCard)
    public var benefits: [Benefit] = []

    // MARK: - Initialization
    public init(
        id: UUID = UUID(),
        cardTemplateId: UUID? = nil,
        nickname: String? = nil,
        isCustom: Bool = false,
        customName: String? = nil,
        customIssuer: String? = nil,
        customColorHex: String? = nil,
        sortOrder: Int = 0
    ) {
        self.id = id
        self.cardTemplateId = cardTemplateId
        self.nickname = nickname
        self.isCustom = isCustom
        self.customName = customName
        self.customIssuer = customIssuer
        self.customColorHex = customColorHex
        self.sortOrder = sortOrder
        self.addedDate = Date()
        self.createdAt = Date()
        self.updatedAt = Date()
    }

    // MARK: - Computed Properties

    /// Returns the display name for this card.
    /// Priority: nickname > customName > template name
    public func displayName(template: CardTemplate?) -> String {
        if let nickname = nickname, !nickname.isEmpty {
            return nickname
        }
        if isCustom, let customName = customName {
            return customName
        }
        return template?.name ?? "Unknown Card"
    }

    /// Returns the issuer name.
    public func issuerName(template: CardTemplate?) -> String {
        if isCustom {
            return customIssuer ?? ""
        }
        return template?.issuer ?? ""
    }

    /// Total available value across all benefits
    public var totalAvailableValue: Decimal {
        benefits
            .filter { $0.status == .available }
            .reduce(Decimal.zero) { $0 + $1.effectiveValue }
    }

    /// Count of benefits expiring within specified days
    public func expiringCount(withinDays days: Int) -> Int {
        expiringCount(withinDays: days, now: Date(), calendar: .current)
    }

    /// The seed's count, as of `now` in `calendar`, so that callers choose the moment.
    public func expiringCount(withinDays days: Int, now: Date, calendar: Calendar) -> Int {
        let threshold = calendar.date(byAdding: .day, value: days, to: now) ?? now
        return benefits.filter { benefit in
            benefit.status == .available &&
            benefit.currentPeriodEnd <= threshold
        }.count
    }
}
