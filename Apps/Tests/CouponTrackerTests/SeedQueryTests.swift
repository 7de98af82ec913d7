import Foundation
import SwiftData
import CouponTracker
import Testing

/// The seed's repositories, run as written against a saved wallet.
@Suite struct CouponTrackerQueryTests {
    typealias S = SeedFixtures

    let container: ModelContainer
    let context: ModelContext
    let platinum: UserCard
    let gold: UserCard
    let now = S.day(100).addingTimeInterval(12 * 3600)
    let calendar = S.utc

    /// Platinum: Uber (ends in 3 days), Saks (used), CLEAR (ends in 60 days).
    /// Gold: Dining (ends in 10 days, reminders off), Expired (ended yesterday, marked expired).
    init() throws {
        container = try S.inMemory()
        context = ModelContext(container)
        platinum = UserCard(nickname: "Platinum", sortOrder: 0)
        gold = UserCard(nickname: "Gold", sortOrder: 1)
        context.insert(platinum)
        context.insert(gold)
        let now = self.now, calendar = self.calendar
        func benefit(_ name: String, _ card: UserCard, endsIn days: Int, status: BenefitStatus = .available) throws -> Benefit {
            let end = try #require(calendar.date(byAdding: .day, value: days, to: now))
            let benefit = Benefit(userCard: card, status: status, currentPeriodStart: end.addingTimeInterval(-30 * 86_400),
                                  currentPeriodEnd: end)
            benefit.customName = name
            return benefit
        }
        _ = try benefit("Uber", platinum, endsIn: 3)
        _ = try benefit("Saks", platinum, endsIn: 20, status: .used)
        _ = try benefit("CLEAR", platinum, endsIn: 60)
        try benefit("Dining", gold, endsIn: 10).reminderEnabled = false
        _ = try benefit("Expired", gold, endsIn: -1, status: .expired)
        try context.save()
    }

    @Test func availableBenefitsComeSoonestExpiringFirst() throws {
        let benefits = try BenefitRepository(modelContext: context).fetchAvailableBenefits()
        #expect(benefits.map(\.customName) == ["Uber", "Dining", "CLEAR"])
    }

    @Test func expiringBenefitsAreAvailableOnesEndingWithinTheWindow() throws {
        let benefits = try BenefitRepository(modelContext: context).fetchExpiringBenefits(withinDays: 14, now: now, calendar: calendar)
        #expect(benefits.map(\.customName) == ["Uber", "Dining"])
    }

    @Test func benefitsNeedingResetAreThoseWhoseResetDateHasPassed() throws {
        let benefits = try BenefitRepository(modelContext: context).fetchBenefitsNeedingReset(now: now)
        #expect(benefits.map(\.customName) == ["Expired"])
    }

    @Test func totalAvailableValueAddsEffectiveValues() throws {
        let values = ["Uber": "10.99", "Saks": "11.99", "CLEAR": "12.99", "Dining": "13.99", "Expired": "14.99"]
        for benefit in try context.fetch(FetchDescriptor<Benefit>()) {
            benefit.customValue = Decimal(string: values[benefit.customName ?? ""] ?? "")
        }
        try context.save()
        // Only the available ones: Uber 10.99 + CLEAR 12.99 + Dining 13.99.
        #expect(try BenefitRepository(modelContext: context).totalAvailableValue() == Decimal(string: "37.97"))
    }

    @Test func benefitCountsByStatusCoverEveryStatus() throws {
        let counts = try BenefitRepository(modelContext: context).benefitCountsByStatus()
        #expect(counts == [.available: 3, .used: 1, .expired: 1])
    }

    @Test func benefitsForACardComeByStatusThenExpiration() throws {
        let benefits = try BenefitRepository(modelContext: context).fetchBenefits(for: platinum.id)
        // Status sorts by raw value: "available" < "used".
        #expect(benefits.map(\.customName) == ["Uber", "CLEAR", "Saks"])
    }

    @Test func notificationSchedulingSkipsDisabledRemindersAndHonoursMaxCount() throws {
        let repository = BenefitRepository(modelContext: context)
        #expect(try repository.fetchBenefitsForNotificationScheduling(maxCount: 50, withinDays: 90, now: now, calendar: calendar).map(\.customName) == ["Uber", "CLEAR"])
        #expect(try repository.fetchBenefitsForNotificationScheduling(maxCount: 1, withinDays: 90, now: now, calendar: calendar).map(\.customName) == ["Uber"])
    }

    @Test func usageHistoryOfABenefitComesNewestFirst() throws {
        let uber = try #require(platinum.benefits.first)
        for day in [3, 1, 2] { _ = S.usage("day \(day)", of: uber, on: day) }
        _ = S.usage("other benefit", of: platinum.benefits[1], on: 4)
        try context.save()
        let history = try UsageRepository(modelContext: context).fetchHistory(for: uber.id)
        #expect(history.map(\.notes) == ["day 3", "day 2", "day 1"])
    }

    @Test func recentUsageSkipsAutoExpiredAndHonoursTheLimit() throws {
        let uber = try #require(platinum.benefits.first)
        for day in 1...5 { _ = S.usage("day \(day)", of: uber, on: day) }
        S.usage("auto", of: uber, on: 6).wasAutoExpired = true
        try context.save()
        let recent = try UsageRepository(modelContext: context).fetchRecentUsage(limit: 3)
        #expect(recent.map(\.notes) == ["day 5", "day 4", "day 3"])
    }

    @Test func totalValueRedeemedAddsManualUsageInTheRangeExactly() throws {
        let uber = try #require(platinum.benefits.first)
        _ = S.usage("before", of: uber, on: 1, value: "100")
        _ = S.usage("in 1", of: uber, on: 5, value: "9.99")
        _ = S.usage("in 2", of: uber, on: 6, value: "0.01")
        S.usage("auto", of: uber, on: 7, value: "50").wasAutoExpired = true
        _ = S.usage("after", of: uber, on: 20, value: "100")
        try context.save()
        let total = try UsageRepository(modelContext: context).totalValueRedeemed(from: S.day(5), to: S.day(10))
        #expect(total == 10)
    }

    @Test func pruningHistoryDeletesOnlyOlderRecords() throws {
        let uber = try #require(platinum.benefits.first)
        for day in [1, 2, 10, 11] { _ = S.usage("day \(day)", of: uber, on: day) }
        try context.save()
        try UsageRepository(modelContext: context).pruneHistory(olderThan: S.day(10))

        #expect(uber.usageHistory.map(\.notes) == ["day 10", "day 11"])
        let readContext = ModelContext(container)
        let stored = try readContext.fetch(FetchDescriptor<BenefitUsage>(sortBy: [SortDescriptor(\.usedDate)]))
        #expect(stored.map(\.notes) == ["day 10", "day 11"])
    }
}
