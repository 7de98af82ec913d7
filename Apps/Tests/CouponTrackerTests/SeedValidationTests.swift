import Foundation
import SwiftData
import CouponTracker
import Testing

/// The seed's rules: a custom card needs a name; a benefit's period must not end before
/// it starts; reminders are 0 to 30 days ahead. A save with a model that breaks one
/// throws that rule's error and writes nothing.
@Suite struct CouponTrackerValidationTests {
    typealias S = SeedFixtures

    @Test(arguments: [nil, ""] as [String?])
    func customCardWithoutANameFailsToSave(_ name: String?) throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(UserCard(nickname: "ok"))
        context.insert(UserCard(isCustom: true, customName: name))
        #expect(throws: ValidationError.customCardRequiresName) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<UserCard>()) == 0)
    }

    @Test func customCardWithANameSaves() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(UserCard(isCustom: true, customName: "Local Credit Union"))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<UserCard>()) == 1)
    }

    @Test func templateCardWithoutANameSaves() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(UserCard(cardTemplateId: UUID(), isCustom: false))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<UserCard>()) == 1)
    }

    @Test func benefitWhosePeriodEndsBeforeItStartsFailsToSave() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard(nickname: "Personal")
        context.insert(card)
        _ = S.benefit("Valid", of: card)
        _ = S.benefit("Backwards", of: card, from: 10, to: 9)
        #expect(throws: ValidationError.invalidPeriodRange) { try context.save() }

        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<UserCard>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Benefit>()) == 0)
    }

    @Test func benefitWhosePeriodIsOneInstantSaves() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(S.benefit("Same day", from: 5, to: 5))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Benefit>()) == 1)
    }

    @Test(arguments: [-1, 31, Int.min, Int.max])
    func reminderDaysOutsideZeroToThirtyFailToSave(_ days: Int) throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Benefit(currentPeriodStart: S.day(1), currentPeriodEnd: S.day(31), reminderDaysBefore: days))
        #expect(throws: ValidationError.invalidReminderDays) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Benefit>()) == 0)
    }

    @Test(arguments: [0, 30])
    func reminderDaysAtTheLimitsSave(_ days: Int) throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Benefit(currentPeriodStart: S.day(1), currentPeriodEnd: S.day(31), reminderDaysBefore: days))
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Benefit>()).map(\.reminderDaysBefore) == [days])
    }

    @Test func invalidChangeToASavedBenefitFailsAndTheStoreKeepsTheOldValue() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let benefit = S.benefit("Uber")
        context.insert(benefit)
        try context.save()

        benefit.reminderDaysBefore = 45
        benefit.customName = "Changed"
        #expect(throws: ValidationError.invalidReminderDays) { try context.save() }

        let readContext = ModelContext(container)
        let stored = try readContext.fetch(FetchDescriptor<Benefit>())
        #expect(stored.map(\.reminderDaysBefore) == [7])
        #expect(stored.map(\.customName) == ["Uber"])
    }

    @Test func invalidChangeToASavedCardFailsAndTheStoreKeepsTheOldValue() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard(isCustom: true, customName: "Mine")
        context.insert(card)
        try context.save()

        card.customName = ""
        #expect(throws: ValidationError.customCardRequiresName) { try context.save() }
        #expect(try ModelContext(container).fetch(FetchDescriptor<UserCard>()).map(\.customName) == ["Mine"])
    }

    @Test func correctingTheInvalidModelLetsTheSameSaveSucceed() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard(isCustom: true)
        context.insert(card)
        _ = S.benefit("Uber", of: card)
        #expect(throws: ValidationError.customCardRequiresName) { try context.save() }

        card.customName = "Named now"
        try context.save()
        let fresh = ModelContext(container)
        #expect(try fresh.fetch(FetchDescriptor<UserCard>()).map(\.customName) == ["Named now"])
        #expect(try fresh.fetchCount(FetchDescriptor<Benefit>()) == 1)
    }
}
