import Foundation
import SwiftData
import CouponTracker
import Testing

/// The seed's model methods and computed values, on saved models.
@Suite struct CouponTrackerModelBehaviourTests {
    typealias S = SeedFixtures

    @Test func markingABenefitUsedIsSaved() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let benefit = S.benefit("Uber")
        context.insert(benefit)
        try context.save()

        benefit.markAsUsed()
        #expect(context.hasChanges)
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Benefit>()).map(\.status) == [.used])
    }

    @Test func aUsedBenefitCannotBeMarkedExpired() throws {
        let context = ModelContext(try S.inMemory())
        let benefit = S.benefit("Uber")
        context.insert(benefit)
        benefit.markAsUsed()
        benefit.markAsExpired()
        #expect(benefit.status == .used)
    }

    @Test func resettingABenefitStartsANewAvailablePeriod() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let benefit = S.benefit("Uber")
        benefit.status = .used
        benefit.lastReminderDate = S.day(25)
        benefit.scheduledNotificationId = "n1"
        context.insert(benefit)
        try context.save()

        benefit.resetToNewPeriod(periodStart: S.day(32), periodEnd: S.day(59), nextReset: S.day(60))
        try context.save()

        let readContext = ModelContext(container)
        let stored = try #require(try readContext.fetch(FetchDescriptor<Benefit>()).first)
        #expect(stored.status == .available)
        #expect(stored.currentPeriodStart == S.day(32))
        #expect(stored.currentPeriodEnd == S.day(59))
        #expect(stored.nextResetDate == S.day(60))
        #expect(stored.lastReminderDate == nil)
        #expect(stored.scheduledNotificationId == nil)
    }

    @Test func cardTotalAvailableValueCountsOnlyAvailableBenefits() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard()
        context.insert(card)
        for (value, status) in [("15", BenefitStatus.available), ("9.99", .available), ("200", .used)] {
            let benefit = S.benefit(value, of: card)
            benefit.customValue = Decimal(string: value)
            benefit.status = status
        }
        try context.save()

        let readContext = ModelContext(container)
        let stored = try #require(try readContext.fetch(FetchDescriptor<UserCard>()).first)
        #expect(stored.totalAvailableValue == Decimal(string: "24.99"))
    }

    @Test func cardDisplayNamePrefersNicknameThenCustomNameThenTemplate() throws {
        let template = try JSONDecoder().decode(CardTemplate.self, from: Data("""
            {"id": "550e8400-e29b-41d4-a716-446655440002", "name": "Gold Card", "issuer": "American Express",
             "benefits": []}
            """.utf8))
        #expect(UserCard(nickname: "Mine").displayName(template: template) == "Mine")
        #expect(UserCard(isCustom: true, customName: "Custom").displayName(template: template) == "Custom")
        #expect(UserCard(cardTemplateId: template.id).displayName(template: template) == "Gold Card")
        #expect(UserCard(cardTemplateId: template.id).issuerName(template: template) == "American Express")
    }

    @Test func aCardIsIdentifiedByItsOwnUUID() {
        // As in SwiftData, a model's own `id` property is its `Identifiable` id (what
        // SwiftUI lists and selections use), not its persistent identifier.
        func identity<T: Identifiable>(_ model: T) -> T.ID { model.id }
        let card = UserCard()
        #expect(identity(card) == card.id)
    }
}
