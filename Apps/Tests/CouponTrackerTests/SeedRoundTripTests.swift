import Foundation
import SwiftData
import CouponTracker
import Testing

/// Every attribute type CouponTracker uses, saved to a file and read back by a new
/// container on the same file.
@Suite struct CouponTrackerRoundTripTests {
    typealias S = SeedFixtures

    @Test func userCardAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let id = UUID(), templateID = UUID()
        let card = UserCard(id: id, cardTemplateId: templateID, nickname: "Personal", isCustom: true,
                            customName: "My Card", customIssuer: "Bank", customColorHex: "#1a1a2e", sortOrder: -3)
        card.addedDate = Date(timeIntervalSinceReferenceDate: 790_000_000.123456)
        do {
            let context = ModelContext(try S.file(store))
            context.insert(card)
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let fetched = try #require(try readContext.fetch(FetchDescriptor<UserCard>()).first)
        #expect(fetched.id == id)
        #expect(fetched.cardTemplateId == templateID)
        #expect(fetched.nickname == "Personal")
        #expect(fetched.isCustom == true)
        #expect(fetched.customName == "My Card")
        #expect(fetched.customIssuer == "Bank")
        #expect(fetched.customColorHex == "#1a1a2e")
        #expect(fetched.sortOrder == -3)
        #expect(fetched.addedDate == card.addedDate)
        #expect(fetched.createdAt == card.createdAt)
        #expect(fetched.updatedAt == card.updatedAt)
    }

    @Test func unsetOptionalsSurviveReopeningAsNil() throws {
        let store = try TemporaryStore()
        do {
            let context = ModelContext(try S.file(store))
            context.insert(UserCard())
            context.insert(Benefit(currentPeriodStart: S.day(1), currentPeriodEnd: S.day(31)))
            try context.save()
        }

        let context = ModelContext(try S.file(store))
        let card = try #require(try context.fetch(FetchDescriptor<UserCard>()).first)
        #expect(card.cardTemplateId == nil)
        #expect(card.nickname == nil)
        #expect(card.customName == nil)
        let benefit = try #require(try context.fetch(FetchDescriptor<Benefit>()).first)
        #expect(benefit.userCard == nil)
        #expect(benefit.customValue == nil)
        #expect(benefit.customFrequency == nil)
        #expect(benefit.lastReminderDate == nil)
        #expect(benefit.scheduledNotificationId == nil)
    }

    @Test func benefitAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let templateID = UUID()
        let benefit = Benefit(templateBenefitId: templateID, status: .expired, currentPeriodStart: S.day(1),
                              currentPeriodEnd: S.day(90), nextResetDate: S.day(91), reminderEnabled: false,
                              reminderDaysBefore: 14)
        benefit.customName = "DoorDash DashPass"
        benefit.customValue = Decimal(string: "9.99")
        benefit.customDescription = "Complimentary DashPass membership ($9.99/mo value)"
        benefit.customFrequency = .semiAnnual
        benefit.lastReminderDate = S.day(80)
        benefit.scheduledNotificationId = "benefit-reminder-1"
        do {
            let context = ModelContext(try S.file(store))
            context.insert(benefit)
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let fetched = try #require(try readContext.fetch(FetchDescriptor<Benefit>()).first)
        #expect(fetched.id == benefit.id)
        #expect(fetched.templateBenefitId == templateID)
        #expect(fetched.status == .expired)
        #expect(fetched.currentPeriodStart == S.day(1))
        #expect(fetched.currentPeriodEnd == S.day(90))
        #expect(fetched.nextResetDate == S.day(91))
        #expect(fetched.reminderEnabled == false)
        #expect(fetched.reminderDaysBefore == 14)
        #expect(fetched.customName == "DoorDash DashPass")
        #expect(fetched.customValue == Decimal(string: "9.99"))
        #expect(fetched.customValue?.description == "9.99")
        #expect(fetched.customDescription == "Complimentary DashPass membership ($9.99/mo value)")
        #expect(fetched.customFrequency == .semiAnnual)
        #expect(fetched.lastReminderDate == S.day(80))
        #expect(fetched.scheduledNotificationId == "benefit-reminder-1")
    }

    @Test(arguments: ["9.99", "0.01", "-15.5", "695", "0", "1234567890123456789.123456789"])
    func redeemedValueSurvivesReopeningExactly(_ text: String) throws {
        let store = try TemporaryStore()
        let value = try #require(Decimal(string: text))
        do {
            let context = ModelContext(try S.file(store))
            context.insert(BenefitUsage(periodStart: S.day(1), periodEnd: S.day(31), valueRedeemed: value))
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let fetched = try readContext.fetch(FetchDescriptor<BenefitUsage>())
        #expect(fetched.map(\.valueRedeemed) == [value])
        #expect(fetched.first?.valueRedeemed.description == value.description)
    }

    @Test func sumsOfRedeemedValuesAreExactAfterReopening() throws {
        let store = try TemporaryStore()
        do {
            let context = ModelContext(try S.file(store))
            for text in ["0.1", "0.2", "9.99", "9.99", "9.99"] {
                context.insert(BenefitUsage(periodStart: S.day(1), periodEnd: S.day(31), valueRedeemed: Decimal(string: text)!))
            }
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let usage = try readContext.fetch(FetchDescriptor<BenefitUsage>())
        #expect(usage.reduce(Decimal.zero) { $0 + $1.valueRedeemed } == Decimal(string: "30.27"))
    }

    @Test func usageAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let usage = BenefitUsage(usedDate: S.day(5), periodStart: S.day(1), periodEnd: S.day(31),
                                 valueRedeemed: 15, notes: "Uber Eats", wasAutoExpired: true,
                                 cardNameSnapshot: "Platinum Card", benefitNameSnapshot: "Uber Credits")
        do {
            let context = ModelContext(try S.file(store))
            context.insert(usage)
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let fetched = try #require(try readContext.fetch(FetchDescriptor<BenefitUsage>()).first)
        #expect(fetched.id == usage.id)
        #expect(fetched.usedDate == S.day(5))
        #expect(fetched.periodStart == S.day(1))
        #expect(fetched.periodEnd == S.day(31))
        #expect(fetched.valueRedeemed == 15)
        #expect(fetched.notes == "Uber Eats")
        #expect(fetched.wasAutoExpired == true)
        #expect(fetched.cardNameSnapshot == "Platinum Card")
        #expect(fetched.benefitNameSnapshot == "Uber Credits")
        #expect(fetched.createdAt == usage.createdAt)
    }

    @Test func userPreferencesSurviveReopening() throws {
        let store = try TemporaryStore()
        let preferences = UserPreferences()
        preferences.notificationsEnabled = false
        preferences.preferredReminderHour = 7
        preferences.preferredReminderMinute = 45
        preferences.quietHoursEnabled = true
        preferences.lastSyncDate = S.day(10)
        do {
            let context = ModelContext(try S.file(store))
            context.insert(preferences)
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let fetched = try #require(try readContext.fetch(FetchDescriptor<UserPreferences>()).first)
        #expect(fetched.id == "user_preferences")
        #expect(fetched.notificationsEnabled == false)
        #expect(fetched.preferredReminderHour == 7)
        #expect(fetched.preferredReminderMinute == 45)
        #expect(fetched.defaultReminderDays == 7)
        #expect(fetched.quietHoursEnabled == true)
        #expect(fetched.quietHoursStart == 22)
        #expect(fetched.quietHoursEnd == 8)
        #expect(fetched.lastSyncDate == S.day(10))
        #expect(fetched.updatedAt == preferences.updatedAt)
    }

    @Test func relationshipsSurviveReopening() throws {
        let store = try TemporaryStore()
        do {
            let context = ModelContext(try S.file(store))
            let card = UserCard(nickname: "Personal")
            context.insert(card)
            for name in ["Uber", "Saks", "CLEAR"] { _ = S.usage(name, of: S.benefit(name, of: card)) }
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let card = try #require(try readContext.fetch(FetchDescriptor<UserCard>()).first)
        #expect(card.benefits.map(\.customName) == ["Uber", "Saks", "CLEAR"])
        #expect(card.benefits.map { $0.usageHistory.map(\.notes) } == [["Uber"], ["Saks"], ["CLEAR"]])
    }
}
