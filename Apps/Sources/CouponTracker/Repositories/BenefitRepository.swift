import SwiftData
import Foundation

/// The seed's benefit queries, each one `#Predicate` that runs in SQL.
///
/// Not `@MainActor` as in the seed: the tool and the tests run on one thread without a
/// main run loop. Each query takes its "now" and calendar instead of reading the clock.
public final class BenefitRepository {
    private let modelContext: ModelContext

    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    // MARK: - Available Benefits Queries

    /// All available benefits, soonest expiring first.
    public func fetchAvailableBenefits() throws -> [Benefit] {
        try modelContext.fetch(Self.availableBenefits())
    }

    /// Available benefits whose period ends within `days` days of `now`.
    public func fetchExpiringBenefits(withinDays days: Int, now: Date, calendar: Calendar) throws -> [Benefit] {
        try modelContext.fetch(Self.expiringBenefits(withinDays: days, now: now, calendar: calendar))
    }

    /// Benefits (still on their card's template, or custom) whose reset moment has come.
    public func fetchBenefitsNeedingReset(now: Date) throws -> [Benefit] {
        try modelContext.fetch(Self.benefitsNeedingReset(now: now))
    }

    // MARK: - Aggregation Queries

    /// The seed's total: `effectiveValue` (the custom value; zero for a template value,
    /// which `Wallet.totalAvailableValue()` resolves) over the available benefits.
    public func totalAvailableValue() throws -> Decimal {
        let benefits = try fetchAvailableBenefits()
        return benefits.reduce(Decimal.zero) { $0 + $1.effectiveValue }
    }

    /// How many benefits have each status; every status is present.
    public func benefitCountsByStatus() throws -> [BenefitStatus: Int] {
        var counts: [BenefitStatus: Int] = [:]
        for status in BenefitStatus.allCases {
            counts[status] = try modelContext.fetchCount(Self.benefits(withStatus: status))
        }
        return counts
    }

    // MARK: - Card-Specific Queries

    /// A card's benefits: by status (raw value), then soonest expiring.
    public func fetchBenefits(for cardId: UUID) throws -> [Benefit] {
        try modelContext.fetch(Self.benefits(ofCard: cardId))
    }

    // MARK: - Notification Queries

    /// Available benefits with reminders on whose period ends within `withinDays` of
    /// `now`, soonest first, at most `maxCount` (the seed's cap).
    public func fetchBenefitsForNotificationScheduling(
        maxCount: Int = 50,
        withinDays: Int = 45,
        now: Date,
        calendar: Calendar
    ) throws -> [Benefit] {
        try modelContext.fetch(Self.benefitsForNotificationScheduling(maxCount: maxCount, withinDays: withinDays,
                                                                     now: now, calendar: calendar))
    }

    // MARK: - Descriptors
    // Public so that a test can ask `context.explain(_:)` how each one runs.

    public static func availableBenefits() -> FetchDescriptor<Benefit> {
        // A captured value, not `.available`: #Predicate takes no enum case literal.
        let available = BenefitStatus.available
        return FetchDescriptor<Benefit>(
            predicate: #Predicate { $0.status == available },
            sortBy: [SortDescriptor(\.currentPeriodEnd, order: .forward)]
        )
    }

    public static func expiringBenefits(withinDays days: Int, now: Date, calendar: Calendar) -> FetchDescriptor<Benefit> {
        let threshold = calendar.date(byAdding: .day, value: days, to: now) ?? now
        let available = BenefitStatus.available
        return FetchDescriptor<Benefit>(
            predicate: #Predicate { benefit in
                benefit.status == available &&
                benefit.currentPeriodEnd <= threshold
            },
            sortBy: [SortDescriptor(\.currentPeriodEnd, order: .forward)]
        )
    }

    public static func benefitsNeedingReset(now: Date) -> FetchDescriptor<Benefit> {
        FetchDescriptor<Benefit>(
            predicate: #Predicate { $0.isActive && $0.nextResetDate <= now },
            sortBy: [SortDescriptor(\.nextResetDate)]
        )
    }

    public static func benefits(withStatus status: BenefitStatus) -> FetchDescriptor<Benefit> {
        FetchDescriptor<Benefit>(predicate: #Predicate { $0.status == status })
    }

    public static func benefits(ofCard cardId: UUID) -> FetchDescriptor<Benefit> {
        FetchDescriptor<Benefit>(
            predicate: #Predicate { $0.userCard?.id == cardId },
            sortBy: [
                SortDescriptor(\.status.rawValue),
                SortDescriptor(\.currentPeriodEnd, order: .forward)
            ]
        )
    }

    public static func benefitsForNotificationScheduling(maxCount: Int, withinDays: Int, now: Date,
                                                         calendar: Calendar) -> FetchDescriptor<Benefit> {
        let threshold = calendar.date(byAdding: .day, value: withinDays, to: now) ?? now
        let available = BenefitStatus.available
        var descriptor = FetchDescriptor<Benefit>(
            predicate: #Predicate { benefit in
                benefit.status == available &&
                benefit.reminderEnabled &&
                benefit.currentPeriodEnd <= threshold
            },
            sortBy: [SortDescriptor(\.currentPeriodEnd, order: .forward)]
        )
        descriptor.fetchLimit = maxCount
        return descriptor
    }
}
