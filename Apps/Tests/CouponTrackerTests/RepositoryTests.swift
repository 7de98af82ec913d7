import CouponTracker
import Foundation
import SwiftData
import Testing

/// Every query of the seed's repositories, on a wallet of all ten real template cards.
@Suite(.enabled(if: RealTemplates.available, "needs ../shared/data/CardTemplates.json"))
struct RepositoryTests {
    let t: TestWallet
    let now: Date
    let benefits: BenefitRepository
    let usage: UsageRepository

    /// All ten cards added on 10 March 2026; on the 12th, every Amex Gold benefit is used.
    init() throws {
        t = try TestWallet(catalog: try RealTemplates.load())
        let added = try Clock.at(2026, 3, 10)
        for template in t.wallet.catalog.cards { try t.wallet.addCard(from: template, now: added) }
        now = try Clock.at(2026, 3, 12, 12)
        for benefit in try t.wallet.card(named: "Gold Card").benefits { try t.wallet.markUsed(benefit, now: now) }
        benefits = BenefitRepository(modelContext: t.context)
        usage = UsageRepository(modelContext: t.context)
    }

    var catalogBenefits: [BenefitTemplate] { t.wallet.catalog.cards.flatMap(\.benefits) }

    @Test func everyQueryRunsEntirelyInSQL() throws {
        let id = UUID()
        let plans = [
            try t.context.explain(BenefitRepository.availableBenefits()),
            try t.context.explain(BenefitRepository.expiringBenefits(withinDays: 7, now: now, calendar: t.calendar)),
            try t.context.explain(BenefitRepository.benefitsNeedingReset(now: now)),
            try t.context.explain(BenefitRepository.benefits(withStatus: .used)),
            try t.context.explain(BenefitRepository.benefits(ofCard: id)),
            try t.context.explain(BenefitRepository.benefitsForNotificationScheduling(maxCount: 50, withinDays: 45, now: now, calendar: t.calendar)),
            try t.context.explain(UsageRepository.history(of: id)),
            try t.context.explain(UsageRepository.recentUsage(limit: 10)),
            try t.context.explain(UsageRepository.redeemed(from: now, to: now)),
            try t.context.explain(UsageRepository.expired(from: now, to: now)),
            try t.context.explain(UsageRepository.older(than: now)),
        ]
        for plan in plans { #expect(plan.runsEntirelyInSQL, "\(plan)") }
    }

    @Test func availableBenefitsAreAllButTheUsedOnesSoonestEndingFirst() throws {
        let available = try benefits.fetchAvailableBenefits()
        #expect(available.count == catalogBenefits.count - 4)
        #expect(available.map(\.currentPeriodEnd) == available.map(\.currentPeriodEnd).sorted())
        #expect(available.allSatisfy { $0.status == .available })
    }

    @Test func expiringBenefitsAreTheAvailableMonthlyAndQuarterlyOnesEndingInMarch() throws {
        let expiring = try benefits.fetchExpiringBenefits(withinDays: 20, now: now, calendar: t.calendar)
        let expected = catalogBenefits.filter { [.monthly, .quarterly].contains($0.frequency) }.count - 3  // Gold's three monthly, used
        #expect(expiring.count == expected)
        #expect(try benefits.fetchExpiringBenefits(withinDays: 7, now: now, calendar: t.calendar).isEmpty)
    }

    @Test func benefitsNeedingResetAreThoseWhoseResetMomentHasCome() throws {
        #expect(try benefits.fetchBenefitsNeedingReset(now: now).isEmpty)
        let april = try Clock.at(2026, 4, 1)
        let due = try benefits.fetchBenefitsNeedingReset(now: april)
        #expect(due.count == catalogBenefits.filter { [.monthly, .quarterly].contains($0.frequency) }.count)
    }

    @Test func countsByStatusCoverEveryStatus() throws {
        #expect(try benefits.benefitCountsByStatus() == [.available: catalogBenefits.count - 4, .used: 4, .expired: 0])
    }

    @Test func aCardsBenefitsComeByStatusThenEnd() throws {
        let gold = try t.wallet.card(named: "Gold Card")
        try t.wallet.undoUse(of: try t.benefit("Resy Credit", of: gold), now: now)
        let listed = try benefits.fetchBenefits(for: gold.id)
        #expect(listed.map(t.wallet.name(of:)).first == "Resy Credit")  // "available" sorts before "used"
        #expect(listed.dropFirst().allSatisfy { $0.status == .used })
        #expect(listed.count == 4)
    }

    @Test func notificationSchedulingTakesTheSoonestEndingAvailableOnesWithRemindersOn() throws {
        let all = try benefits.fetchBenefitsForNotificationScheduling(now: now, calendar: t.calendar)
        #expect(all.count == catalogBenefits.filter { [.monthly, .quarterly].contains($0.frequency) }.count - 3)
        #expect(try benefits.fetchBenefitsForNotificationScheduling(maxCount: 5, now: now, calendar: t.calendar).count == 5)
        try t.wallet.setReminder(of: all[0], enabled: false, now: now)
        #expect(try benefits.fetchBenefitsForNotificationScheduling(now: now, calendar: t.calendar).count == all.count - 1)
    }

    @Test func theSeedsTotalAvailableValueCountsOnlyCustomValues() throws {
        let first = try #require(try benefits.fetchAvailableBenefits().first)
        try t.wallet.setCustomValue(dec("12.34"), of: first, now: now)
        #expect(try benefits.totalAvailableValue() == dec("12.34"))
    }

    @Test func theWalletsTotalAvailableValueResolvesTemplateValues() throws {
        let expected = t.wallet.catalog.cards.filter { $0.name != "Gold Card" }.flatMap(\.benefits).reduce(Decimal(0)) { $0 + $1.value }
        #expect(try t.wallet.totalAvailableValue() == expected)
    }

    @Test func historyOfABenefitIsNewestFirstAndRecentUsageSkipsExpiries() throws {
        let gold = try t.wallet.card(named: "Gold Card")
        let uber = try t.benefit("Uber Cash", of: gold)
        try t.wallet.processResets(asOf: Clock.at(2026, 4, 20))
        try t.wallet.markUsed(uber, now: Clock.at(2026, 4, 21))
        #expect(try usage.fetchHistory(for: uber.id).map(\.usedDate) == [try Clock.at(2026, 4, 21), now])
        let recent = try usage.fetchRecentUsage(limit: 3)
        #expect(recent.count == 3)
        #expect(recent.allSatisfy { !$0.wasAutoExpired })
        #expect(recent.first?.usedDate == (try Clock.at(2026, 4, 21)))
    }

    @Test func totalsRedeemedAndExpiredInARangeAreExact() throws {
        try t.wallet.processResets(asOf: Clock.at(2026, 4, 1))
        let march = (try Clock.at(2026, 3, 1), try Clock.at(2026, 3, 31, 23, 59, 59))
        // Gold: 10 + 10 + 7 + 50 redeemed; every other monthly and quarterly benefit expired.
        #expect(try usage.totalValueRedeemed(from: march.0, to: march.1) == 77)
        let expired = t.wallet.catalog.cards.filter { $0.name != "Gold Card" }.flatMap(\.benefits)
            .filter { [.monthly, .quarterly].contains($0.frequency) }.reduce(Decimal(0)) { $0 + $1.value }
        #expect(try usage.totalValueExpired(from: march.0, to: march.1) == expired)
        #expect(try usage.totalValueRedeemed(from: try Clock.at(2026, 3, 13), to: march.1) == 0)
    }

    @Test func pruningDeletesOnlyTheOlderRecords() throws {
        try t.wallet.processResets(asOf: Clock.at(2026, 4, 1))
        let before = try t.usages().count
        try usage.pruneHistory(olderThan: Clock.at(2026, 3, 20))
        let left = try t.reread().context.fetch(FetchDescriptor<BenefitUsage>())
        #expect(left.count == before - 4)
        #expect(left.allSatisfy { $0.wasAutoExpired })
    }
}
