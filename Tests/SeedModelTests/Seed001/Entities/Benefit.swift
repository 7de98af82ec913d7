import SwiftData
import Foundation

@Model
final class Benefit {
    // MARK: - Primary Key
    @Attribute(.unique)
    var id: UUID

    // MARK: - Relationships
    var userCard: UserCard?

    // MARK: - Template Reference
    /// Reference to BenefitTemplate.id for template-based benefits.
    /// nil for custom benefits.
    var templateBenefitId: UUID?

    // MARK: - Custom/Override Values
    /// Overrides template name
    var customName: String?

    /// Overrides template value
    var customValue: Decimal?

    /// Overrides template description
    var customDescription: String?

    /// Overrides template frequency
    var customFrequency: BenefitFrequency?

    // MARK: - Tracking State
    /// Current status of the benefit
    var status: BenefitStatus

    /// Start of current benefit period
    var currentPeriodStart: Date

    /// End of current benefit period (expiration date)
    var currentPeriodEnd: Date

    /// When the benefit will reset to a new period
    var nextResetDate: Date

    // MARK: - Notification Settings
    /// Whether reminders are enabled for this benefit
    var reminderEnabled: Bool

    /// Days before expiration to send reminder (default: 7)
    var reminderDaysBefore: Int

    /// Last time a reminder was sent (for follow-up logic)
    var lastReminderDate: Date?

    /// Scheduled notification identifier
    var scheduledNotificationId: String?

    // MARK: - Metadata
    var createdAt: Date
    var updatedAt: Date

    // MARK: - Relationships
    @Relationship(deleteRule: .cascade, inverse: \BenefitUsage.benefit)
    var usageHistory: [BenefitUsage] = []

    // MARK: - Initialization
    init(
        id: UUID = UUID(),
        userCard: UserCard? = nil,
        templateBenefitId: UUID? = nil,
        status: BenefitStatus = .available,
        currentPeriodStart: Date,
        currentPeriodEnd: Date,
        nextResetDate: Date? = nil,
        reminderEnabled: Bool = true,
        reminderDaysBefore: Int = 7
    ) {
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

    // MARK: - Computed Properties

    /// Effective name (custom override or template)
    var effectiveName: String {
        customName ?? ""  // Resolved via repository with template lookup
    }

    /// Effective value (custom override or template)
    var effectiveValue: Decimal {
        customValue ?? Decimal.zero  // Resolved via repository with template lookup
    }

    /// Days until benefit expires
    var daysUntilExpiration: Int {
        let calendar = Calendar.current
        let components = calendar.dateComponents(
            [.day],
            from: calendar.startOfDay(for: Date()),
            to: calendar.startOfDay(for: currentPeriodEnd)
        )
        return max(0, components.day ?? 0)
    }

    /// Whether benefit is expiring soon (within 7 days)
    var isExpiringSoon: Bool {
        daysUntilExpiration <= 7 && status == .available
    }

    /// Whether benefit is urgent (expiring within 3 days)
    var isUrgent: Bool {
        daysUntilExpiration <= 3 && status == .available
    }

    /// Whether benefit period has expired
    var isPeriodExpired: Bool {
        Date() > currentPeriodEnd
    }

    /// Whether benefit needs to be reset to new period
    var needsReset: Bool {
        Date() >= nextResetDate
    }

    // MARK: - Methods

    /// Mark the benefit as used
    // Dropped `mutating`: it is not valid on a method of a class.
    func markAsUsed() {
        guard status == .available else { return }
        status = .used
        updatedAt = Date()
    }

    /// Mark the benefit as expired
    // Dropped `mutating`: it is not valid on a method of a class.
    func markAsExpired() {
        guard status == .available else { return }
        status = .expired
        updatedAt = Date()
    }

    /// Reset benefit to a new period
    // Dropped `mutating`: it is not valid on a method of a class.
    func resetToNewPeriod(
        periodStart: Date,
        periodEnd: Date,
        nextReset: Date
    ) {
        status = .available
        currentPeriodStart = periodStart
        currentPeriodEnd = periodEnd
        nextResetDate = nextReset
        lastReminderDate = nil
        scheduledNotificationId = nil
        updatedAt = Date()
    }
}
