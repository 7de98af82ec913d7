import Foundation
import SwiftData
import CouponTracker
import Testing

/// UserCard.benefits <-> Benefit.userCard and Benefit.usageHistory <-> BenefitUsage.benefit.
@Suite struct CouponTrackerRelationshipTests {
    typealias S = SeedFixtures

    @Test func settingBenefitUserCardAddsTheBenefitToTheCard() throws {
        let context = ModelContext(try S.inMemory())
        let card = UserCard(nickname: "Personal")
        context.insert(card)
        let benefit = S.benefit("Uber", of: card)
        #expect(card.benefits.map(\.customName) == ["Uber"])
        #expect(benefit.userCard === card)
    }

    @Test func appendingToCardBenefitsSetsTheBenefitsUserCard() throws {
        let context = ModelContext(try S.inMemory())
        let card = UserCard(nickname: "Personal")
        context.insert(card)
        let benefit = S.benefit("Uber")
        card.benefits.append(benefit)
        #expect(benefit.userCard === card)
        #expect(benefit.modelContext === context)
    }

    @Test func cardBenefitsKeepTheirOrderAndInverseInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard(nickname: "Personal")
        context.insert(card)
        for name in ["Uber", "Saks", "CLEAR", "Airline", "Hotel"] { card.benefits.append(S.benefit(name)) }
        try context.save()

        let other = ModelContext(container)
        let cards = try other.fetch(FetchDescriptor<UserCard>())
        #expect(cards.count == 1)
        #expect(cards.first?.benefits.map(\.customName) == ["Uber", "Saks", "CLEAR", "Airline", "Hotel"])
        #expect(cards.first?.benefits.allSatisfy { $0.userCard === cards.first } == true)
    }

    @Test func reorderedCardBenefitsKeepTheNewOrderAfterSave() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard()
        context.insert(card)
        card.benefits = ["A", "B", "C"].map { S.benefit($0) }
        try context.save()
        card.benefits = [card.benefits[2], card.benefits[0], card.benefits[1]]
        try context.save()

        let readContext = ModelContext(container)
        let fetched = try readContext.fetch(FetchDescriptor<UserCard>())
        #expect(fetched.first?.benefits.map(\.customName) == ["C", "A", "B"])
    }

    @Test func benefitFetchedFirstFindsItsCardInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard(nickname: "Business")
        context.insert(card)
        _ = S.benefit("Dining", of: card)
        try context.save()

        let other = ModelContext(container)
        let benefits = try other.fetch(FetchDescriptor<Benefit>())
        #expect(benefits.count == 1)
        #expect(benefits.first?.userCard?.nickname == "Business")
        #expect(benefits.first?.userCard?.benefits.first === benefits.first)
    }

    @Test func movingBenefitToAnotherCardRemovesItFromTheFirst() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let first = UserCard(nickname: "First"), second = UserCard(nickname: "Second")
        context.insert(first)
        context.insert(second)
        let benefit = S.benefit("Uber", of: first)
        try context.save()

        benefit.userCard = second
        #expect(first.benefits.isEmpty)
        #expect(second.benefits.first === benefit)
        try context.save()

        let readContext = ModelContext(container)
        let cards = try readContext.fetch(FetchDescriptor<UserCard>(sortBy: [SortDescriptor(\.nickname)]))
        #expect(cards.map { $0.benefits.count } == [0, 1])
        #expect(cards.last?.benefits.first?.userCard === cards.last)
    }

    @Test func settingUsageBenefitAddsTheUsageToTheHistory() throws {
        let context = ModelContext(try S.inMemory())
        let benefit = S.benefit("Uber")
        context.insert(benefit)
        let usage = S.usage("January", of: benefit)
        #expect(benefit.usageHistory.first === usage)
    }

    @Test func appendingToUsageHistorySetsTheUsagesBenefit() throws {
        let context = ModelContext(try S.inMemory())
        let benefit = S.benefit("Uber")
        context.insert(benefit)
        let usage = S.usage("January")
        benefit.usageHistory.append(usage)
        #expect(usage.benefit === benefit)
    }

    @Test func usageHistoryKeepsItsOrderAndInverseInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let benefit = S.benefit("Uber")
        context.insert(benefit)
        benefit.usageHistory = [S.usage("March", on: 60), S.usage("January", on: 2), S.usage("February", on: 33)]
        try context.save()

        let readContext = ModelContext(container)
        let fetched = try readContext.fetch(FetchDescriptor<Benefit>())
        #expect(fetched.first?.usageHistory.map(\.notes) == ["March", "January", "February"])
        #expect(fetched.first?.usageHistory.allSatisfy { $0.benefit === fetched.first } == true)
    }

    @Test func cardAddedWithBenefitsAndUsageSavesTheWholeGraph() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let card = UserCard(nickname: "Personal")
        let benefit = S.benefit("Uber", of: card)
        _ = S.usage("January", of: benefit)
        // Inserting the card alone brings in what its relationships hold.
        context.insert(card)
        try context.save()

        let other = ModelContext(container)
        #expect(try other.fetchCount(FetchDescriptor<Benefit>()) == 1)
        #expect(try other.fetchCount(FetchDescriptor<BenefitUsage>()) == 1)
        #expect(try other.fetch(FetchDescriptor<BenefitUsage>()).first?.benefit?.userCard?.nickname == "Personal")
    }
}
