import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Recording sales")
struct SalesServiceTests {
    @Test func saleJoinsTheCardsSalesAndMarksItSold() throws {
        let context = try makeContext()
        let sold = card(value: 100, cost: 60)
        context.insert(sold)
        let sale = try SalesService(context: context).recordSale(of: sold, price: 110, platformFees: 10, platform: "eBay")

        let fresh = ModelContext(context.container)
        let stored = try #require(try fresh.fetch(FetchDescriptor<InventoryCard>()).first)
        #expect(stored.sales?.map(\.id) == [sale.id])
        #expect(stored.status == .sold)
        #expect(stored.sales?.first?.netProfit == 100)
    }

    @Test func theSoldCardsWithASaleAreTheSoldCardsWhoseSaleStands() throws {
        let context = try makeContext()
        let withSale = card("A"), soldWithout = card("B"), inStock = card("C"), voided = card("D")
        for each in [withSale, soldWithout, inStock, voided] { context.insert(each) }
        soldWithout.status = .sold
        let sales = SalesService(context: context)
        try sales.recordSale(of: withSale, price: 90, platform: "eBay")
        try sales.void(try sales.recordSale(of: voided, price: 90, platform: "eBay"))
        #expect(try SalesService(context: ModelContext(context.container)).soldCardsWithSales() == [withSale.id])
    }

    /// Two devices that each sold a card before they synced leave it two sales.
    @Test func theCardsSoldMoreThanOnceAreThoseWithTwoSalesEachWithItsSalesOldestFirst() throws {
        let context = try makeContext()
        let twice = card("A"), once = card("B")
        context.insert(twice)
        context.insert(once)
        let later = SalesHistory(salePrice: 20, platform: "eBay", card: twice, date: day(2))
        let earlier = SalesHistory(salePrice: 10, platform: "eBay", card: twice, date: day(1))
        for sale in [later, earlier, SalesHistory(salePrice: 5, platform: "eBay", card: once, date: day(1))] { context.insert(sale) }
        try context.save()
        let found = try SalesService(context: ModelContext(context.container)).cardsSoldMoreThanOnce()
        #expect(found.map(\.card.id) == [twice.id])
        #expect(found.first?.sales.map(\.id) == [earlier.id, later.id])
    }

    @Test func saleAtAnEventAddsToItsRevenueProfitAndCardsSold() throws {
        let context = try makeContext()
        let event = try EventService(context: context).create(name: "Show", location: "Mesa", date: referenceDate)
        let first = card("A", value: 100, cost: 60), second = card("B", value: 30, cost: nil)
        context.insert(first)
        context.insert(second)
        try EventService(context: context).bring([first, second, card("C")], to: event)
        let sales = SalesService(context: context)
        try sales.recordSale(of: first, price: 90, platformFees: 0, platform: "In-Person", event: event)
        try sales.recordSale(of: second, price: 25, shippingCost: 5, platform: "In-Person", event: event)

        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let stored = try #require(try fresh.fetch(FetchDescriptor<Event>()).first)
        #expect(stored.totalRevenue == 115)
        #expect(stored.totalProfit == (90 - 60) + (25 - 5))
        #expect(stored.cardsSold == 2)
        #expect(stored.cardsCount == 3)
        #expect(stored.sales?.count == 2)
        #expect(abs(stored.averageSale - 57.5) < 1e-9)
    }

    @Test func cardSoldAtAnEventCountsAsBroughtThere() throws {
        let context = try makeContext()
        let event = try EventService(context: context).create(name: "Show", location: "Mesa", date: referenceDate)
        let sold = card()
        context.insert(sold)
        try SalesService(context: context).recordSale(of: sold, price: 90, platform: "In-Person", event: event)
        #expect(event.cardsCount == 1)
        #expect(event.sellThroughRate == 1)
    }

    @Test func saleToAContactJoinsTheirPurchases() throws {
        let context = try makeContext()
        let buyer = try ContactService(context: context).add(Contact(name: "Misty", role: .customer))
        let sold = card()
        context.insert(sold)
        try SalesService(context: context).recordSale(of: sold, price: 45, platform: "In-Person", buyer: buyer)

        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let stored = try #require(try fresh.fetch(FetchDescriptor<Contact>()).first)
        #expect(stored.purchaseCount == 1)
        #expect(stored.totalPurchases == 45)
        #expect(stored.purchases?.first?.buyerName == "Misty")
    }

    @Test func aCardCannotBeSoldTwice() throws {
        let context = try makeContext()
        let sold = card()
        context.insert(sold)
        let sales = SalesService(context: context)
        try sales.recordSale(of: sold, price: 10, platform: "eBay")
        #expect(throws: CardShowError.cardNotInStock(card: sold.displayName, status: .sold)) {
            try sales.recordSale(of: sold, price: 10, platform: "eBay")
        }
        #expect(try context.fetchCount(FetchDescriptor<SalesHistory>()) == 1)
    }

    @Test func invalidSaleSavesNothingAndLeavesTheCardInStock() throws {
        let context = try makeContext()
        let kept = card()
        context.insert(kept)
        try context.save()
        #expect(throws: ValidationError.negativeSalePrice) {
            try SalesService(context: context).recordSale(of: kept, price: -5, platform: "eBay")
        }
        let fresh = ModelContext(context.container)
        #expect(try fresh.fetchCount(FetchDescriptor<SalesHistory>()) == 0)
        #expect(try fresh.fetch(FetchDescriptor<InventoryCard>()).first?.status == .inStock)
        #expect(kept.status == .inStock)
        #expect(kept.sales ?? [] == [])
    }

    @Test func voidingASaleRestoresTheCardAndTheEventTotals() throws {
        let context = try makeContext()
        let event = try EventService(context: context).create(name: "Show", location: "Mesa", date: referenceDate)
        let sold = card(cost: 20)
        context.insert(sold)
        let service = SalesService(context: context)
        let sale = try service.recordSale(of: sold, price: 50, platform: "In-Person", event: event)
        try service.void(sale)

        let fresh = ModelContext(context.container)
        let storedEvent = try #require(try fresh.fetch(FetchDescriptor<Event>()).first)
        #expect(storedEvent.totalRevenue == 0 && storedEvent.totalProfit == 0 && storedEvent.cardsSold == 0)
        #expect(try fresh.fetch(FetchDescriptor<InventoryCard>()).first?.status == .inStock)
        #expect(try fresh.fetchCount(FetchDescriptor<SalesHistory>()) == 0)
    }
}
