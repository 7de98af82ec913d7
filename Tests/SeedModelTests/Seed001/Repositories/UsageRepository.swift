// Added the imports: the seed's listing has none, and `ModelContext` needs SwiftData.
import SwiftData
import Foundation

@MainActor
class UsageRepository {
    private let modelContext: ModelContext

    init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    /// Fetch usage history for a benefit
    func fetchHistory(for benefitId: UUID) throws -> [BenefitUsage] {
        let descriptor = FetchDescriptor<BenefitUsage>(
            predicate: #Predicate { $0.benefit?.id == benefitId },
            sortBy: [SortDescriptor(\.usedDate, order: .reverse)]
        )
        return try modelContext.fetch(descriptor)
    }

    /// Fetch recent usage across all benefits
    func fetchRecentUsage(limit: Int = 10) throws -> [BenefitUsage] {
        var descriptor = FetchDescriptor<BenefitUsage>(
            predicate: #Predicate { !$0.wasAutoExpired },
            sortBy: [SortDescriptor(\.usedDate, order: .reverse)]
        )
        descriptor.fetchLimit = limit
        return try modelContext.fetch(descriptor)
    }

    /// Calculate total value redeemed in date range
    func totalValueRedeemed(from startDate: Date, to endDate: Date) throws -> Decimal {
        let descriptor = FetchDescriptor<BenefitUsage>(
            predicate: #Predicate { usage in
                !usage.wasAutoExpired &&
                usage.usedDate >= startDate &&
                usage.usedDate <= endDate
            }
        )
        let usages = try modelContext.fetch(descriptor)
        return usages.reduce(Decimal.zero) { $0 + $1.valueRedeemed }
    }

    /// Prune old history (cleanup)
    func pruneHistory(olderThan date: Date) throws {
        let descriptor = FetchDescriptor<BenefitUsage>(
            predicate: #Predicate { $0.usedDate < date }
        )
        let oldRecords = try modelContext.fetch(descriptor)
        for record in oldRecords {
            modelContext.delete(record)
        }
        try modelContext.save()
    }
}
