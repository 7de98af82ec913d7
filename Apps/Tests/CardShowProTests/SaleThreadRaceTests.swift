import CommandLineTestSupport
import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// Two threads selling one card through two contexts of one store at the same moment,
/// and a card sold by another context since it was read: `SalesService` checks and saves
/// in one transaction, on the card as the store holds it then.
@Suite struct SaleThreadRaceTests {
    let directory: TemporaryDirectory
    let container: ModelContainer
    let cardID: String, cardName: String

    init() throws {
        directory = try TemporaryDirectory()
        container = try CardShowStore.container(at: directory.url.appendingPathComponent("race.store"))
        let context = ModelContext(container)
        let solo = card("Solo", value: 10, cost: 5)
        try InventoryService(context: context).add(solo)
        cardID = solo.id.uuidString
        cardName = solo.displayName
    }

    func sales() throws -> Int {
        try ModelContext(container).fetchCount(FetchDescriptor<SalesHistory>())
    }

    @Test func twoThreadsSellingOneCardSellItOnceAndTellTheOther() throws {
        let container = self.container, cardID = self.cardID
        let outcomes = ThreadRace.run(2) { index in
            let context = ModelContext(container)
            try SalesService(context: context).recordSale(of: ModelLookup(context: context).card(cardID),
                                                          price: Double(100 + index), platform: "eBay")
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
        for case let error? in outcomes {
            #expect(error as? CardShowError == .cardNotInStock(card: cardName, status: .sold), "\(error)")
        }
        #expect(try sales() == 1)
    }

    @Test func aCardSoldByAnotherContextSinceItWasReadIsNotSoldAgain() throws {
        let first = ModelContext(container), second = ModelContext(container)
        let stale = try ModelLookup(context: first).card(cardID)
        try SalesService(context: second).recordSale(of: ModelLookup(context: second).card(cardID), price: 100, platform: "eBay")
        #expect(throws: CardShowError.cardNotInStock(card: cardName, status: .sold)) {
            try SalesService(context: first).recordSale(of: stale, price: 90, platform: "eBay")
        }
        #expect(try sales() == 1)
    }
}
