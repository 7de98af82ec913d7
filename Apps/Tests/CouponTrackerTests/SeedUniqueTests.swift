import Foundation
import SwiftData
import CouponTracker
import Testing

/// `@Attribute(.unique) var id` on every entity: inserting an existing id updates its row.
@Suite struct CouponTrackerUniqueTests {
    typealias S = SeedFixtures

    @Test func insertingACardWithAnExistingIdUpdatesThatCard() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let id = UUID()
        context.insert(UserCard(id: id, nickname: "Old", sortOrder: 1))
        try context.save()
        context.insert(UserCard(id: id, nickname: "New", sortOrder: 2))
        try context.save()

        let readContext = ModelContext(container)
        let cards = try readContext.fetch(FetchDescriptor<UserCard>())
        #expect(cards.count == 1)
        #expect(cards.first?.nickname == "New")
        #expect(cards.first?.sortOrder == 2)
    }

    @Test func insertingACardWithAnExistingIdFromAnotherContextUpdatesThatCard() throws {
        let container = try S.inMemory()
        let id = UUID()
        let first = ModelContext(container)
        first.insert(UserCard(id: id, nickname: "Old"))
        try first.save()
        let second = ModelContext(container)
        second.insert(UserCard(id: id, nickname: "New"))
        try second.save()

        let readContext = ModelContext(container)
        let cards = try readContext.fetch(FetchDescriptor<UserCard>())
        #expect(cards.map(\.nickname) == ["New"])
    }

    @Test func insertingABenefitWithAnExistingIdUpdatesThatBenefit() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let id = UUID()
        context.insert(Benefit(id: id, currentPeriodStart: S.day(1), currentPeriodEnd: S.day(31), reminderDaysBefore: 3))
        try context.save()
        context.insert(Benefit(id: id, status: .used, currentPeriodStart: S.day(32), currentPeriodEnd: S.day(59), reminderDaysBefore: 10))
        try context.save()

        let readContext = ModelContext(container)
        let benefits = try readContext.fetch(FetchDescriptor<Benefit>())
        #expect(benefits.count == 1)
        #expect(benefits.first?.status == .used)
        #expect(benefits.first?.currentPeriodStart == S.day(32))
        #expect(benefits.first?.reminderDaysBefore == 10)
    }

    @Test func insertingUsageWithAnExistingIdUpdatesThatUsage() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let id = UUID()
        context.insert(BenefitUsage(id: id, periodStart: S.day(1), periodEnd: S.day(31), valueRedeemed: 10))
        try context.save()
        context.insert(BenefitUsage(id: id, periodStart: S.day(1), periodEnd: S.day(31), valueRedeemed: Decimal(string: "12.5")!))
        try context.save()

        let readContext = ModelContext(container)
        let usage = try readContext.fetch(FetchDescriptor<BenefitUsage>())
        #expect(usage.map(\.valueRedeemed) == [Decimal(string: "12.5")!])
    }

    @Test func userPreferencesStaysASingleRow() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(UserPreferences())
        try context.save()
        let replacement = UserPreferences()
        replacement.defaultReminderDays = 3
        replacement.hasCompletedOnboarding = true
        context.insert(replacement)
        try context.save()

        let readContext = ModelContext(container)
        let preferences = try readContext.fetch(FetchDescriptor<UserPreferences>())
        #expect(preferences.count == 1)
        #expect(preferences.first?.id == "user_preferences")
        #expect(preferences.first?.defaultReminderDays == 3)
        #expect(preferences.first?.hasCompletedOnboarding == true)
    }

    @Test func twoUserPreferencesInsertedInOneSaveLeaveOneRowWithTheLastValues() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let first = UserPreferences(), second = UserPreferences()
        first.quietHoursStart = 20
        second.quietHoursStart = 23
        context.insert(first)
        context.insert(second)
        try context.save()

        let readContext = ModelContext(container)
        let preferences = try readContext.fetch(FetchDescriptor<UserPreferences>())
        #expect(preferences.map(\.quietHoursStart) == [23])
    }

    @Test func anInsertedCardWinsOverAnUnsavedEditOfTheCardItReplaces() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let id = UUID()
        let registered = UserCard(id: id, nickname: "Old")
        context.insert(registered)
        try context.save()
        registered.sortOrder = 5
        context.insert(UserCard(id: id, nickname: "Imported", sortOrder: 9))
        try context.save()

        let readContext = ModelContext(container)
        let cards = try readContext.fetch(FetchDescriptor<UserCard>())
        #expect(cards.count == 1)
        #expect(cards.first?.nickname == "Imported")
        #expect(cards.first?.sortOrder == 9)

    }
}
