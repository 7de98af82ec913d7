import Foundation
import OpenSwiftData

/// Seed 001's entities (CouponTracker), as its data model specification declares
/// them, in a namespace so that they cannot clash with other tests' models.
/// `mutating func` in a class does not compile anywhere; those methods are plain.
enum CouponTracker {
    enum BenefitStatus: String, Codable, CaseIterable {
        case available
        case used
        case expired
    }

    enum BenefitFrequency: String, Codable, CaseIterable {
        case monthly
        case quarterly
        case semiAnnual
        case annual
    }

    @Model
    final class UserCard {
        @Attribute(.unique)
        var id: UUID
        var cardTemplateId: UUID?
        var nickname: String?
        var isCustom: Bool
        var customName: String?
        var customIssuer: String?
        var customColorHex: String?
        var addedDate: Date
        var sortOrder: Int
        var createdAt: Date
        var updatedAt: Date
        @Relationship(deleteRule: .cascade, inverse: \Benefit.userCard)
        var benefits: [Benefit] = []

        init(id: UUID = UUID(), cardTemplateId: UUID? = nil, nickname: String? = nil, isCustom: Bool = false,
             customName: String? = nil, customIssuer: String? = nil, customColorHex: String? = nil, sortOrder: Int = 0) {
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
    }

    @Model
    final class Benefit {
        @Attribute(.unique)
        var id: UUID
        var userCard: UserCard?
        var templateBenefitId: UUID?
        var customName: String?
        var customValue: Decimal?
        var customDescription: String?
        var customFrequency: BenefitFrequency?
        var status: BenefitStatus
        var currentPeriodStart: Date
        var currentPeriodEnd: Date
        var nextResetDate: Date
        var reminderEnabled: Bool
        var reminderDaysBefore: Int
        var lastReminderDate: Date?
        var scheduledNotificationId: String?
        var createdAt: Date
        var updatedAt: Date
        @Relationship(deleteRule: .cascade, inverse: \BenefitUsage.benefit)
        var usageHistory: [BenefitUsage] = []

        init(id: UUID = UUID(), userCard: UserCard? = nil, templateBenefitId: UUID? = nil, status: BenefitStatus = .available,
             currentPeriodStart: Date, currentPeriodEnd: Date, nextResetDate: Date? = nil, reminderEnabled: Bool = true,
             reminderDaysBefore: Int = 7) {
            self.id = id
            self.userCard = userCard
            self.templateBenefitId = templateBenefitId
            self.status = status
            self.currentPeriodStart = currentPeriodStart
            self.currentPeriodEnd = currentPeriodEnd
            self.nextResetDate = nextResetDate ?? currentPeriodEnd
            self.reminderEnabled = reminderEnabled
            self.reminderDaysBefore = reminderDaysBefore
            self.createdAt = Date()
            self.updatedAt = Date()
        }

        var effectiveValue: Decimal { customValue ?? Decimal.zero }
    }

    @Model
    final class BenefitUsage {
        @Attribute(.unique)
        var id: UUID
        var benefit: Benefit?
        var usedDate: Date
        var periodStart: Date
        var periodEnd: Date
        var valueRedeemed: Decimal
        var notes: String?
        var wasAutoExpired: Bool
        var cardNameSnapshot: String?
        var benefitNameSnapshot: String?
        var createdAt: Date

        init(id: UUID = UUID(), benefit: Benefit? = nil, usedDate: Date = Date(), periodStart: Date, periodEnd: Date,
             valueRedeemed: Decimal, notes: String? = nil, wasAutoExpired: Bool = false, cardNameSnapshot: String? = nil,
             benefitNameSnapshot: String? = nil) {
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
}
