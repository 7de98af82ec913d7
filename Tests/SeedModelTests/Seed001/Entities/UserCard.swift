import SwiftData
import Foundation

@Model
final class UserCard {
    // MARK: - Primary Key
    @Attribute(.unique)
    var id: UUID

    // MARK: - Template Reference
    /// Reference to CardTemplate.id for pre-populated cards.
    /// nil for custom cards.
    var cardTemplateId: UUID?

    // MARK: - User Customization
    /// User-defined nickname (e.g., "Personal", "Business")
    var nickname: String?

    // MARK: - Custom Card Properties
    /// True if this is a user-created custom card
    var isCustom: Bool

    /// Name for custom cards (ignored if isCustom = false)
    var customName: String?

    /// Issuer for custom cards
    var customIssuer: String?

    /// Hex color for custom card gradient (e.g., "#1a1a2e")
    var customColorHex: String?

    // MARK: - Metadata
    /// Date card was added to wallet
    var addedDate: Date

    /// Sort order in wallet view (lower = first)
    var sortOrder: Int

    /// Record creation timestamp
    var createdAt: Date

    /// Last modification timestamp
    var updatedAt: Date

    // MARK: - Relationships
    @Relationship(deleteRule: .cascade, inverse: \Benefit.userCard)
    var benefits: [Benefit] = []

    // MARK: - Initialization
    init(
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
    func displayName(template: CardTemplate?) -> String {
        if let nickname = nickname, !nickname.isEmpty {
            return nickname
        }
        if isCustom, let customName = customName {
            return customName
        }
        return template?.name ?? "Unknown Card"
    }

    /// Returns the issuer name.
    func issuerName(template: CardTemplate?) -> String {
        if isCustom {
            return customIssuer ?? ""
        }
        return template?.issuer ?? ""
    }

    /// Total available value across all benefits
    var totalAvailableValue: Decimal {
        benefits
            .filter { $0.status == .available }
            .reduce(Decimal.zero) { $0 + $1.effectiveValue }
    }

    /// Count of benefits expiring within specified days
    func expiringCount(withinDays days: Int) -> Int {
        let threshold = Calendar.current.date(
            byAdding: .day,
            value: days,
            to: Date()
        ) ?? Date()

        return benefits.filter { benefit in
            benefit.status == .available &&
            benefit.currentPeriodEnd <= threshold
        }.count
    }
}
