import Foundation

// The seed's export shape ("Data Backup/Export (Future)"). The seed names
// `ExportableBenefit`, `ExportableUsage` and `ExportablePreferences` without defining
// them; they carry every stored field, so that an export imports back unchanged.

public struct ExportableData: Codable, Sendable {
    public let exportVersion: Int
    public let exportDate: Date
    public let cards: [ExportableCard]
    public let preferences: ExportablePreferences
}

public struct ExportableCard: Codable, Sendable {
    public let id: UUID
    public let templateId: UUID?
    public let nickname: String?
    public let isCustom: Bool
    public let customName: String?
    public let customIssuer: String?
    public let customColorHex: String?
    public let benefits: [ExportableBenefit]
    public let usageHistory: [ExportableUsage]
    // Not in the seed's shape, and optional there: without them an import cannot keep
    // the wallet's order and dates.
    public let sortOrder: Int?
    public let addedDate: Date?
}

public struct ExportableBenefit: Codable, Sendable {
    public let id: UUID
    public let templateBenefitId: UUID?
    public let customName: String?
    public let customValue: Decimal?
    public let customDescription: String?
    public let customFrequency: BenefitFrequency?
    public let status: BenefitStatus
    public let currentPeriodStart: Date
    public let currentPeriodEnd: Date
    public let nextResetDate: Date
    public let reminderEnabled: Bool
    public let reminderDaysBefore: Int
    public let lastReminderDate: Date?
    public let scheduledNotificationId: String?
    public let isActive: Bool
    public let createdAt: Date
    public let updatedAt: Date
}

public struct ExportableUsage: Codable, Sendable {
    public let id: UUID
    public let benefitId: UUID
    public let usedDate: Date
    public let periodStart: Date
    public let periodEnd: Date
    public let valueRedeemed: Decimal
    public let notes: String?
    public let wasAutoExpired: Bool
    public let cardNameSnapshot: String?
    public let benefitNameSnapshot: String?
    public let createdAt: Date
}

public struct ExportablePreferences: Codable, Sendable {
    public let notificationsEnabled: Bool
    public let preferredReminderHour: Int
    public let preferredReminderMinute: Int
    public let defaultReminderDays: Int
    public let quietHoursEnabled: Bool
    public let quietHoursStart: Int
    public let quietHoursEnd: Int
    public let hasCompletedOnboarding: Bool
    public let lastSyncDate: Date?
    public let updatedAt: Date
}
