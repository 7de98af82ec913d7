import SwiftData
import Foundation

@Model
public final class Benefit {
    // MARK: - Primary Key
    @Attribute(.unique)
    public var id: UUID

    // MARK: - Relationships
    public var userCard: UserCard?

    // MARK: - Template Reference
    /// Reference to BenefitTemplate.id for template-based benefits.
    /// nil for custom benefits.
    public var templateBenefitId: UUID?

    // MARK: - Custom/Override Values
    /// Overrides template name
    public var customName: String?

    /// Overrides template value
    public var customValue: Decimal?

    /// Overrides template description
    public var customDescription: String?

    /// Overrides template frequency
    public var customFrequency: BenefitFrequency?

    // MARK: - Tracking State
    /// Current status of the benefit
    public var status: BenefitStatus

    /// Start of current benefit period
    public var currentPeriodStart: Date

    /// End of current benefit period (expiration date)
    public var currentPeriodEnd: Date

    /// When the benefit will reset to a new period
    public var nextResetDate: Date

    // MARK: - Notification Settings
    /// Whether reminders are enabled for this benefit
    public var reminderEnabled: Bool

    /// Days before expiration to send reminder (default: 7)
    public var reminderDaysBefore: Int

    /// Last time a reminder was sent (for follow-up logic)
    public var lastReminderDate: Date?

    /// Scheduled notification identifier
    public var scheduledNotificationId: String?

    /// False once the card's template no longer lists this benefit; its history stays.
    // Not in the seed: a template update must retire a benefit without deleting it.
    public var isActive: Bool = true

    // MARK: - Metadata
    public var createdAt: Date
    public var updatedAt: Date

    // MARK: - Relationships
    @Relationship(deleteRule: .cascade, inverse: \BenefitUsage.benefit)
    public var usageHistory: [BenefitUsage] = []

    // MARK: - Initialization
    public init(
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
    // As in the seed, the template's part is resolved elsewhere: `Wallet.name(of:)`.
    public var effectiveName: String {
        customName ?? ""  // Resolved via repository with template lookup
    }

    /// Effective value (custom override or template)
    // As in the seed, the template's part is resolved elsewhere: `Wallet.value(of:)`.
    public var effectiveValue: Decimal {
        customValue ?? Decimal.zero  // Resolved via repository with template lookup
    }

    /// Days until benefit expires
    public var daysUntilExpiration: Int { daysUntilExpiration(now: Date(), calendar: .current) }

    /// Whether benefit is expiring soon (within 7 days)
    public var isExpiringSoon: Bool { isExpiringSoon(now: Date(), calendar: .current) }

    /// Whether benefit is urgent (expiring within 3 days)
    public var isUrgent: Bool { isUrgent(now: Date(), calendar: .current) }

    /// Whether benefit period has expired
    public var isPeriodExpired: Bool { isPeriodExpired(now: Date()) }

    /// Whether benefit needs to be reset to new period
    public var needsReset: Bool { needsReset(now: Date()) }

    // The seed's computed values read the wall clock; these take the moment and the
    // calendar, so that the tool's `--now` and the tests decide what "today" is.

    /// Calendar days from `now`'s day to the day the period ends; 0 once it has ended.
    public func daysUntilExpiration(now: Date, calendar: Calendar) -> Int {
        let components = calendar.dateComponents(
            [.day],
            from: calendar.startOfDay(for: now),
            to: calendar.startOfDay(for: currentPeriodEnd)
        )
        return max(0, components.day ?? 0)
    }

    public func isExpiringSoon(now: Date, calendar: Calendar) -> Bool {
        daysUntilExpiration(now: now, calendar: calendar) <= 7 && status == .available
    }

    public func isUrgent(now: Date, calendar: Calendar) -> Bool {
        daysUntilExpiration(now: now, calendar: calendar) <= 3 && status == .available
    }

    public func isPeriodExpired(now: Date) -> Bool { now > currentPeriodEnd }

    public func needsReset(now: Date) -> Bool { now >= nextResetDate }

    // MARK: - Methods

    /// Mark the benefit as used
    // Dropped `mutating`: it is not valid on a method of a class.
    public func markAsUsed(at now: Date = Date()) {
        guard status == .available else { return }
        status = .used
        updatedAt = now
    }

    /// Mark the benefit as expired
    // Dropped `mutating`: it is not valid on a method of a class.
    public func markAsExpired(at now: Date = Date()) {
        guard status == .available else { return }
        status = .expired
        updatedAt = now
    }

    /// Reset benefit to a new period
    // Dropped `mutating`: it is not valid on a method of a class.
    public func resetToNewPeriod(
        periodStart: Date,
        periodEnd: Date,
        nextReset: Date,
        at now: Date = Date()
    ) {
        status = .available
        currentPeriodStart = periodStart
        currentPeriodEnd = periodEnd
        nextResetDate = nextReset
        lastReminderDate = nil
        scheduledNotificationId = nil
        updatedAt = now
    }
}
