import Foundation
import OpenSwiftData
import Testing

// Seed 001's BenefitRepository and UsageRepository, as the seed writes them, on the
// real card templates (`shared/data/CardTemplates.json`) when present. Two fixes to
// intent, as the seeds' README allows: `#Predicate` cannot resolve `.available`
// without its type, so the value is captured; and `descriptor` whose `fetchLimit`
// is set is a `var`.

extension CouponTracker {
    @MainActor
    final class BenefitRepository {
        private let modelContext: ModelContext

        init(modelContext: ModelContext) {
            self.modelContext = modelContext
        }

        func fetchAvailableBenefits() throws -> [Benefit] {
            let available = BenefitStatus.available
            let descriptor = FetchDescriptor<Benefit>(
                predicate: #Predicate { $0.status == available },
                sortBy: [SortDescriptor(\.currentPeriodEnd, order: .forward)]
            )
            return try modelContext.fetch(descriptor)
        }

        func fetchExpiringBenefits(withinDays days: Int, now: Date = Date()) throws -> [Benefit] {
            let threshold = Calendar.current.date(byAdding: .day, value: days, to: now)!
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

        func fetchBenefitsNeedingReset(now: Date = Date()) throws -> [Benefit] {
            let descriptor = FetchDescriptor<Benefit>(
                predicate: #Predicate { $0.nextResetDate <= now }
            )
            return try modelContext.fetch(descriptor)
        }

        func totalAvailableValue() throws -> Decimal {
            let benefits = try fetchAvailableBenefits()
            return benefits.reduce(Decimal.zero) { $0 + $1.effectiveValue }
        }

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

        func fetchBenefitsForNotificationScheduling(maxCount: Int = 50, withinDays: Int = 45, now: Date = Date()) throws -> [Benefit] {
            let threshold = Calendar.current.date(byAdding: .day, value: withinDays, to: now)!
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
            return try modelContext.fetch(descriptor)
        }

        /// The SQL behind the card query, for checking that it runs in SQLite.
        func explainBenefits(for cardId: UUID) throws -> FetchExplanation {
            try modelContext.explain(FetchDescriptor<Benefit>(
                predicate: #Predicate { $0.userCard?.id == cardId },
                sortBy: [SortDescriptor(\.status.rawValue), SortDescriptor(\.currentPeriodEnd, order: .forward)]))
        }
    }

    @MainActor
    final class UsageRepository {
        private let modelContext: ModelContext

        init(modelContext: ModelContext) {
            self.modelContext = modelContext
        }

        func fetchHistory(for benefitId: UUID) throws -> [BenefitUsage] {
            let descriptor = FetchDescriptor<BenefitUsage>(
                predicate: #Predicate { $0.benefit?.id == benefitId },
                sortBy: [SortDescriptor(\.usedDate, order: .reverse)]
            )
            return try modelContext.fetch(descriptor)
        }

        func fetchRecentUsage(limit: Int = 10) throws -> [BenefitUsage] {
            var descriptor = FetchDescriptor<BenefitUsage>(
                predicate: #Predicate { !$0.wasAutoExpired },
                sortBy: [SortDescriptor(\.usedDate, order: .reverse)]
            )
            descriptor.fetchLimit = limit
            return try modelContext.fetch(descriptor)
        }

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
}

/// A wallet built from the real template file: every template card, each of its
/// benefits with a status, period and value derived from its position, and usage
/// history for the used ones.
@MainActor
struct CouponWallet {
    let container: ModelContainer
    let context: ModelContext
    let now = Date(timeIntervalSinceReferenceDate: 790_000_000)
    var cards: [CouponTracker.UserCard] = []
    var benefits: [CouponTracker.Benefit] = []
    var usages: [CouponTracker.BenefitUsage] = []

    struct Templates: Decodable {
        struct Card: Decodable { let id: UUID; let name: String; let benefits: [Benefit] }
        struct Benefit: Decodable { let id: UUID; let name: String; let value: Decimal }
        let cards: [Card]
    }

    static var templatesURL: URL? {
        let candidates = [ProcessInfo.processInfo.environment["OPENSWIFTDATA_SHARED_DATA"].map { URL(fileURLWithPath: $0) },
                          URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../shared/data"),
                          URL(fileURLWithPath: "/work/shared/data")]
        return candidates.compactMap { $0?.appendingPathComponent("CardTemplates.json").standardizedFileURL }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    init() throws {
        container = try ModelContainer(for: CouponTracker.UserCard.self, CouponTracker.Benefit.self, CouponTracker.BenefitUsage.self,
                                       configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        context = ModelContext(container)
        let url = try #require(CouponWallet.templatesURL, "shared/data/CardTemplates.json is missing")
        let templates = try JSONDecoder().decode(Templates.self, from: Data(contentsOf: url))
        let day: TimeInterval = 86_400
        var index = 0
        for (cardIndex, template) in templates.cards.enumerated() {
            let card = CouponTracker.UserCard(cardTemplateId: template.id, nickname: cardIndex % 3 == 0 ? nil : "Card \(cardIndex)",
                                              sortOrder: cardIndex)
            context.insert(card)
            cards.append(card)
            for benefitTemplate in template.benefits {
                index += 1
                let status = CouponTracker.BenefitStatus.allCases[index % 3]
                let end = now.addingTimeInterval(Double((index * 7) % 60 - 10) * day)
                let benefit = CouponTracker.Benefit(userCard: card, templateBenefitId: benefitTemplate.id, status: status,
                                                    currentPeriodStart: end.addingTimeInterval(-30 * day), currentPeriodEnd: end,
                                                    reminderEnabled: index % 4 != 0)
                benefit.customName = benefitTemplate.name
                benefit.customValue = benefitTemplate.value
                benefits.append(benefit)
                if status == .used {
                    let usage = CouponTracker.BenefitUsage(benefit: benefit, usedDate: end.addingTimeInterval(-Double(index) * day),
                                                           periodStart: benefit.currentPeriodStart, periodEnd: end,
                                                           valueRedeemed: benefitTemplate.value, wasAutoExpired: index % 5 == 0,
                                                           benefitNameSnapshot: benefitTemplate.name)
                    context.insert(usage)
                    usages.append(usage)
                }
            }
        }
        try context.save()
    }
}

@MainActor
@Suite struct CouponTrackerQueryTests {
    @Test func availableBenefitsSortedByExpiration() throws {
        let wallet = try CouponWallet()
        let fetched = try CouponTracker.BenefitRepository(modelContext: wallet.context).fetchAvailableBenefits()
        let expected = wallet.benefits.filter { $0.status == .available }.sorted { $0.currentPeriodEnd < $1.currentPeriodEnd }
        #expect(!fetched.isEmpty)
        #expect(fetched.map(\.id) == expected.map(\.id))
    }

    @Test func expiringBenefits() throws {
        let wallet = try CouponWallet()
        let fetched = try CouponTracker.BenefitRepository(modelContext: wallet.context).fetchExpiringBenefits(withinDays: 10, now: wallet.now)
        let threshold = Calendar.current.date(byAdding: .day, value: 10, to: wallet.now)!
        let expected = wallet.benefits.filter { $0.status == .available && $0.currentPeriodEnd <= threshold }
            .sorted { $0.currentPeriodEnd < $1.currentPeriodEnd }
        #expect(!expected.isEmpty && expected.count < wallet.benefits.count)
        #expect(fetched.map(\.id) == expected.map(\.id))
    }

    @Test func benefitsNeedingReset() throws {
        let wallet = try CouponWallet()
        let fetched = try CouponTracker.BenefitRepository(modelContext: wallet.context).fetchBenefitsNeedingReset(now: wallet.now)
        #expect(Set(fetched.map(\.id)) == Set(wallet.benefits.filter { $0.nextResetDate <= wallet.now }.map(\.id)))
    }

    @Test func totalAvailableValue() throws {
        let wallet = try CouponWallet()
        let total = try CouponTracker.BenefitRepository(modelContext: wallet.context).totalAvailableValue()
        #expect(total == wallet.benefits.filter { $0.status == .available }.reduce(Decimal.zero) { $0 + $1.effectiveValue })
    }

    @Test func countsByStatusComeFromSQL() throws {
        let wallet = try CouponWallet()
        let counts = try CouponTracker.BenefitRepository(modelContext: wallet.context).benefitCountsByStatus()
        for status in CouponTracker.BenefitStatus.allCases {
            #expect(counts[status] == wallet.benefits.filter { $0.status == status }.count)
        }
        #expect(counts.values.reduce(0, +) == wallet.benefits.count)
    }

    @Test func benefitsOfOneCardSortedByStatusRawValueThenExpiration() throws {
        let wallet = try CouponWallet()
        let repository = CouponTracker.BenefitRepository(modelContext: wallet.context)
        let card = try #require(wallet.cards.max { $0.benefits.count < $1.benefits.count })
        let fetched = try repository.fetchBenefits(for: card.id)
        let expected = wallet.benefits.filter { $0.userCard === card }.sorted {
            ($0.status.rawValue, $0.currentPeriodEnd) < ($1.status.rawValue, $1.currentPeriodEnd)
        }
        #expect(fetched.count > 1)
        #expect(fetched.map(\.id) == expected.map(\.id))
        #expect(try repository.explainBenefits(for: card.id).runsEntirelyInSQL)
    }

    @Test func notificationSchedulingHonoursTheLimit() throws {
        let wallet = try CouponWallet()
        let fetched = try CouponTracker.BenefitRepository(modelContext: wallet.context)
            .fetchBenefitsForNotificationScheduling(maxCount: 3, withinDays: 45, now: wallet.now)
        let threshold = Calendar.current.date(byAdding: .day, value: 45, to: wallet.now)!
        let expected = wallet.benefits.filter { $0.status == .available && $0.reminderEnabled && $0.currentPeriodEnd <= threshold }
            .sorted { $0.currentPeriodEnd < $1.currentPeriodEnd }.prefix(3)
        #expect(fetched.map(\.id) == expected.map(\.id))
    }

    @Test func usageHistoryOfABenefit() throws {
        let wallet = try CouponWallet()
        let usage = try #require(wallet.usages.first)
        let benefit = try #require(usage.benefit)
        let fetched = try CouponTracker.UsageRepository(modelContext: wallet.context).fetchHistory(for: benefit.id)
        #expect(fetched.map(\.id) == wallet.usages.filter { $0.benefit === benefit }.sorted { $0.usedDate > $1.usedDate }.map(\.id))
    }

    @Test func recentUsageExcludesAutoExpired() throws {
        let wallet = try CouponWallet()
        let fetched = try CouponTracker.UsageRepository(modelContext: wallet.context).fetchRecentUsage(limit: 2)
        let expected = wallet.usages.filter { !$0.wasAutoExpired }.sorted { $0.usedDate > $1.usedDate }.prefix(2)
        #expect(fetched.count == 2)
        #expect(fetched.map(\.id) == expected.map(\.id))
    }

    @Test func totalValueRedeemedInARange() throws {
        let wallet = try CouponWallet()
        let start = wallet.now.addingTimeInterval(-40 * 86_400), end = wallet.now
        let total = try CouponTracker.UsageRepository(modelContext: wallet.context).totalValueRedeemed(from: start, to: end)
        let expected = wallet.usages.filter { !$0.wasAutoExpired && $0.usedDate >= start && $0.usedDate <= end }
            .reduce(Decimal.zero) { $0 + $1.valueRedeemed }
        #expect(total == expected)
    }

    @Test func pruneHistoryDeletesOldUsages() throws {
        let wallet = try CouponWallet()
        let cutoff = wallet.now.addingTimeInterval(-20 * 86_400)
        try CouponTracker.UsageRepository(modelContext: wallet.context).pruneHistory(olderThan: cutoff)
        let remaining = try ModelContext(wallet.container).fetch(FetchDescriptor<CouponTracker.BenefitUsage>())
        #expect(remaining.count == wallet.usages.filter { $0.usedDate >= cutoff }.count)
        #expect(remaining.allSatisfy { $0.usedDate >= cutoff })
    }
}
