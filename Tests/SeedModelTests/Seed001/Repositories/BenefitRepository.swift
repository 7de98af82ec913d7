import SwiftData
import Foundation

@MainActor
class BenefitRepository {
    private let modelContext: ModelContext

    init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    // MARK: - Available Benefits Queries

    /// Fetch all available benefits sorted by expiration
    func fetchAvailableBenefits() throws -> [Benefit] {
        // Added `available` and used it for `.available`: #Predicate rejects an enum case written
        // in it (with or without its type), so the value is captured instead.
        let available = BenefitStatus.available
        let descriptor = FetchDescriptor<Benefit>(
            predicate: #Predicate { $0.status == available },
            sortBy: [SortDescriptor(\.currentPeriodEnd, order: .forward)]
        )
        return try modelContext.fetch(descriptor)
    }

    /// Fetch benefits expiring within specified days
    func fetchExpiringBenefits(withinDays days: Int) throws -> [Benefit] {
        let threshold = Calendar.current.date(
            byAdding: .day,
            value: days,
            to: Date()
        )!

        // Added `available` and used it for `.available`: #Predicate rejects an enum case written
        // in it (with or without its type), so the value is captured instead.
        let available = BenefitStatus.available
        let descriptor = FetchDescriptor<Benefit>(
            predicate: #Predicate { benefit in
                benefit.status == available &&
                benefit.currentPeriodEnd <= threshold
            },
            sortBy: [SortDescriptor(\.currentPeriodEnd, order: .forward)]
        )
        return try modelContext.fetch(descriptor)
    }

    /// Fetch benefits that need period reset
    func fetchBenefitsNeedingReset() throws -> [Benefit] {
        let now = Date()
        let descriptor = FetchDescriptor<Benefit>(
            predicate: #Predicate { $0.nextResetDate <= now }
        )
        return try modelContext.fetch(descriptor)
    }

    // MARK: - Aggregation Queries

    /// Calculate total available value across all benefits
    func totalAvailableValue() throws -> Decimal {
        let benefits = try fetchAvailableBenefits()
        return benefits.reduce(Decimal.zero) { $0 + $1.effectiveValue }
    }

    /// Count of benefits by status
    func benefitCountsByStatus() throws -> [BenefitStatus: Int] {
        var counts: [BenefitStatus: Int] = [:]

        for status in BenefitStatus.allCases {
            let descriptor = FetchDescriptor<Benefit>(
                predicate: #Predicate { $0.status == status }
            )
            counts[status] = try modelContext.fetchCount(descriptor)
        }

        return counts
    }

    // MARK: - Card-Specific Queries

    /// Fetch benefits for a specific card
    func fetchBenefits(for cardId: UUID) throws -> [Benefit] {
        let descriptor = FetchDescriptor<Benefit>(
            predicate: #Predicate { $0.userCard?.id == cardId },
            sortBy: [
                SortDescriptor(\.status.rawValue),
                SortDescriptor(\.currentPeriodEnd, order: .forward)
            ]
        )
        return try modelContext.fetch(descriptor)
    }

    // MARK: - Notification Queries

    /// Fetch benefits needing notification scheduling
    func fetchBenefitsForNotificationScheduling(
        maxCount: Int = 50,
        withinDays: Int = 45
    ) throws -> [Benefit] {
        let threshold = Calendar.current.date(
            byAdding: .day,
            value: withinDays,
            to: Date()
        )!

        // Added `available` and used it for `.available`: #Predicate rejects an enum case written
        // in it (with or without its type), so the value is captured instead.
        let available = BenefitStatus.available
        // Changed `let` to `var`: the seed sets `fetchLimit` below, which a `let` forbids.
        var descriptor = FetchDescriptor<Benefit>(
            predicate: #Predicate { benefit in
                benefit.status == available &&
                benefit.reminderEnabled &&
                benefit.currentPeriodEnd <= threshold
            },
            sortBy: [SortDescriptor(\.currentPeriodEnd, order: .forward)]
        )
        descriptor.fetchLimit = maxCount

        return try modelContext.fetch(descriptor)
    }
}
