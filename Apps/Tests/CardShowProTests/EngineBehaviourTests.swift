import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// Engine behaviour the app relies on, found while building it and fixed in the engine.
@Suite("Engine behaviour CardShow Pro relies on")
struct EngineBehaviourTests {
    @Test func deletedCardLeavesAToManyWithoutInverseInMemory() throws {
        let context = try makeContext()
        let cards = [card("A"), card("B")]
        for card in cards { context.insert(card) }
        let submission = try GradingService(context: context).submit(cards, to: .psa, totalCost: 40)
        context.delete(cards[0])
        try context.save()
        #expect(submission.cards?.map(\.name) == ["B"])

    }

    @Test func savingAToManyThatStillHoldsADeletedModelDoesNotResurrectIt() throws {
        let context = try makeContext()
        let cards = [card("A"), card("B")]
        for card in cards { context.insert(card) }
        let submission = try GradingService(context: context).submit(cards, to: .psa, totalCost: 40)
        context.delete(cards[0])
        try context.save()
        // Appending to the relationship re-saves the whole list, stale model included.
        submission.cards = (submission.cards ?? []) + [card("C")]
        try context.save()
        let fresh = ModelContext(context.container)
        #expect(try fresh.fetch(FetchDescriptor<GradingSubmission>()).first?.cards?.map(\.name) == ["B", "C"])
    }

    @Test func upsertKeepsTheExistingRowsRelationships() throws {
        let context = try makeContext()
        let original = card("Original")
        context.insert(original)
        try SalesService(context: context).recordSale(of: original, price: 10, platform: "eBay")
        _ = try TradeService(context: context).recordTrade(giving: [], receiving: [card("Other")])
        let other = try InventoryQueries(context: context).search(name: "Other")[0]

        // A second instance with the same unique id replaces the row's values.
        let replacement = card("Replacement")
        replacement.id = other.id
        let fresh = ModelContext(context.container)
        fresh.insert(replacement)
        try fresh.save()

        let check = ModelContext(context.container)
        let stored = try #require(try check.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)])).last)
        #expect(stored.name == "Replacement")
        #expect(stored.trades?.count == 1)

    }
}
