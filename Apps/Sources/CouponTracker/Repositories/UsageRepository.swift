import SwiftData
import Foundation

/// The seed's usage-history queries, in SQL; totals are summed by SQLite exactly.
public final class UsageRepository {
    private let modelContext: ModelContext

    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    /// A benefit's history, newest first.
    public func fetchHistory(for benefitId: UUID) throws -> [BenefitUsage] {
        try modelContext.fetch(Self.history(of: benefitId))
    }

    /// The latest manual uses across all benefits (auto-expiries left out).
    public func fetchRecentUsage(limit: Int = 10) throws -> [BenefitUsage] {
        try modelContext.fetch(Self.recentUsage(limit: limit))
    }

    /// Every record, uses and expiries, newest first; at most `limit` when given.
    public func fetchAll(limit: Int? = nil) throws -> [BenefitUsage] {
        var descriptor = FetchDescriptor<BenefitUsage>(sortBy: [SortDescriptor(\.usedDate, order: .reverse)])
        descriptor.fetchLimit = limit
        return try modelContext.fetch(descriptor)
    }

    /// The value redeemed by manual uses from `startDate` to `endDate`, both included.
    public func totalValueRedeemed(from startDate: Date, to endDate: Date) throws -> Decimal {
        try modelContext.sum(of: \BenefitUsage.valueRedeemed, where: Self.redeemed(from: startDate, to: endDate).predicate)
    }

    /// The value left to expire, by periods that ended from `startDate` to `endDate`.
    public func totalValueExpired(from startDate: Date, to endDate: Date) throws -> Decimal {
        try modelContext.sum(of: \BenefitUsage.valueRedeemed, where: Self.expired(from: startDate, to: endDate).predicate)
    }

    /// Deletes the records used before `date`, and saves.
    public func pruneHistory(olderThan date: Date) throws {
        do {
            try modelContext.delete(model: BenefitUsage.self, where: Self.older(than: date).predicate)
            try modelContext.save()
        } catch {
            modelContext.rollback()
            throw error
        }
    }

    // MARK: - Descriptors

    public static func history(of benefitId: UUID) -> FetchDescriptor<BenefitUsage> {
        FetchDescriptor<BenefitUsage>(
            predicate: #Predicate { $0.benefit?.id == benefitId },
            sortBy: [SortDescriptor(\.usedDate, order: .reverse)]
        )
    }

    public static func recentUsage(limit: Int) -> FetchDescriptor<BenefitUsage> {
        var descriptor = FetchDescriptor<BenefitUsage>(
            predicate: #Predicate { !$0.wasAutoExpired },
            sortBy: [SortDescriptor(\.usedDate, order: .reverse)]
        )
        descriptor.fetchLimit = limit
        return descriptor
    }

    public static func redeemed(from startDate: Date, to endDate: Date) -> FetchDescriptor<BenefitUsage> {
        FetchDescriptor<BenefitUsage>(
            predicate: #Predicate { usage in
                !usage.wasAutoExpired &&
                usage.usedDate >= startDate &&
                usage.usedDate <= endDate
            }
        )
    }

    public static func expired(from startDate: Date, to endDate: Date) -> FetchDescriptor<BenefitUsage> {
        FetchDescriptor<BenefitUsage>(
            predicate: #Predicate { usage in
                usage.wasAutoExpired &&
                usage.usedDate >= startDate &&
                usage.usedDate <= endDate
            }
        )
    }

    public static func older(than date: Date) -> FetchDescriptor<BenefitUsage> {
        FetchDescriptor<BenefitUsage>(predicate: #Predicate { $0.usedDate < date })
    }
}
