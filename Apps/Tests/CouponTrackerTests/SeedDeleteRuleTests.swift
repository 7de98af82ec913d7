import Foundation
import SwiftData
import CouponTracker
import Testing

/// UserCard -> Benefit and Benefit -> BenefitUsage cascade; the to-one sides nullify.
@Suite struct CouponTrackerDeleteRuleTests {
    typealias S = SeedFixtures

    /// A card with two benefits, each used twice, saved.
    func savedCard(in container: ModelContainer) throws -> (ModelContext, UserCard) {
        let context = ModelContext(container)
        let card = UserCard(nickname: "Personal")
        context.insert(card)
        for name in ["Uber", "Saks"] {
            let benefit = S.benefit(name, of: card)
            _ = S.usage("\(name) 1", of: benefit)
            _ = S.usage("\(name) 2", of: benefit)
        }
        try context.save()
        return (context, card)
    }

    @Test func deletingCardDeletesItsBenefitsAndTheirUsage() throws {
        let container = try S.inMemory()
        let (context, card) = try savedCard(in: container)
        context.delete(card)
        try context.save()

        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<UserCard>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Benefit>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<BenefitUsage>()) == 0)
    }

    @Test func deletingCardMarksItsBenefitsDeletedBeforeTheSaveCompletes() throws {
        let container = try S.inMemory()
        let (context, card) = try savedCard(in: container)
        let benefits = card.benefits
        context.delete(card)
        context.processPendingChanges()
        #expect(benefits.allSatisfy { $0.isDeleted })
    }

    @Test func deletingBenefitDeletesItsUsageAndLeavesTheCard() throws {
        let container = try S.inMemory()
        let (context, card) = try savedCard(in: container)
        let uber = try #require(card.benefits.first)
        context.delete(uber)
        try context.save()
        #expect(card.benefits.map(\.customName) == ["Saks"])

        let fresh = ModelContext(container)
        let cards = try fresh.fetch(FetchDescriptor<UserCard>())
        #expect(cards.first?.benefits.map(\.customName) == ["Saks"])
        let usage = try fresh.fetch(FetchDescriptor<BenefitUsage>(sortBy: [SortDescriptor(\.notes)]))
        #expect(usage.map(\.notes) == ["Saks 1", "Saks 2"])
    }

    @Test func deletingUsageRemovesItFromTheBenefitsHistory() throws {
        let container = try S.inMemory()
        let (context, card) = try savedCard(in: container)
        let benefit = try #require(card.benefits.first)
        let firstUsage = try #require(benefit.usageHistory.first)
        context.delete(firstUsage)
        try context.save()
        #expect(benefit.usageHistory.map(\.notes) == ["Uber 2"])

        let fresh = ModelContext(container)
        let benefits = try fresh.fetch(FetchDescriptor<Benefit>(predicate: #Predicate { $0.customName == "Uber" }))
        #expect(benefits.first?.usageHistory.map(\.notes) == ["Uber 2"])
        #expect(try fresh.fetchCount(FetchDescriptor<BenefitUsage>()) == 3)
    }

    @Test func rollingBackACardDeleteKeepsEverything() throws {
        let container = try S.inMemory()
        let (context, card) = try savedCard(in: container)
        context.delete(card)
        context.rollback()
        try context.save()

        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<UserCard>()) == 1)
        #expect(try fresh.fetchCount(FetchDescriptor<Benefit>()) == 2)
        #expect(try fresh.fetchCount(FetchDescriptor<BenefitUsage>()) == 4)
    }

    @Test func deletingACardFetchedInAFreshContextDeletesChildrenItNeverLoaded() throws {
        let container = try S.inMemory()
        _ = try savedCard(in: container)
        let fresh = ModelContext(container)
        fresh.delete(try #require(try fresh.fetch(FetchDescriptor<UserCard>()).first))
        try fresh.save()

        let check = ModelContext(container)
        #expect(try check.fetchCount(FetchDescriptor<Benefit>()) == 0)
        #expect(try check.fetchCount(FetchDescriptor<BenefitUsage>()) == 0)
    }

    @Test func deletingAnUnsavedCardWithItsBenefitsWritesNothing() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard()
        context.insert(card)
        _ = S.usage("u", of: S.benefit("Uber", of: card))
        context.delete(card)
        try context.save()

        let check = ModelContext(container)
        #expect(try check.fetchCount(FetchDescriptor<UserCard>()) == 0)
        #expect(try check.fetchCount(FetchDescriptor<Benefit>()) == 0)
        #expect(try check.fetchCount(FetchDescriptor<BenefitUsage>()) == 0)
    }
}
