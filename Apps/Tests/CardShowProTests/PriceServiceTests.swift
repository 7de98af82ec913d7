import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Price cache")
struct PriceServiceTests {
    func price(_ id: String, _ market: Double, at timestamp: Date = referenceDate) -> CachedPrice {
        CachedPrice(cardId: id, marketPrice: market, lowPrice: market * 0.8, midPrice: market, highPrice: market * 1.3,
                    source: "PokemonTCG.io", timestamp: timestamp)
    }

    @Test func storingAPriceRefreshesTheCardsMarketValueAndUpdateTime() throws {
        let context = try makeContext()
        let priced = card(value: 100, acquired: day(-10))
        priced.catalogID = "base1-4"
        context.insert(priced)
        try context.save()
        let updated = try PriceService(context: context).store(price("base1-4", 375.5, at: hours(2)))
        #expect(updated.map(\.id) == [priced.id])

        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let stored = try #require(try fresh.fetch(FetchDescriptor<InventoryCard>()).first)
        #expect(stored.marketValue == 375.5)
        #expect(stored.lastPriceUpdate == hours(2))
    }

    @Test func aCardWithoutCatalogIDIsPricedByItsOwnID() throws {
        let context = try makeContext()
        let priced = card(value: 100)
        context.insert(priced)
        try context.save()
        try PriceService(context: context).store(price(PriceService.priceKey(of: priced), 42))
        #expect(priced.marketValue == 42)
    }

    @Test func storingAPriceForTheSameCardReplacesTheCachedOne() throws {
        let context = try makeContext()
        let service = PriceService(context: context)
        try service.store(price("base1-4", 300, at: referenceDate))
        try service.store(price("base1-4", 320, at: hours(30)))
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let prices = try fresh.fetch(FetchDescriptor<CachedPrice>())
        #expect(prices.count == 1)
        #expect(prices.first?.marketPrice == 320)
    }

    @Test func soldCardsKeepTheirValueWhenPricesChange() throws {
        let context = try makeContext()
        let sold = card(value: 100)
        sold.catalogID = "base1-4"
        context.insert(sold)
        try SalesService(context: context).recordSale(of: sold, price: 100, platform: "eBay")
        try PriceService(context: context).store(price("base1-4", 500))
        #expect(sold.marketValue == 100)
    }

    @Test func freshPriceIsNilOnceExpired() throws {
        let context = try makeContext()
        let service = PriceService(context: context)
        try service.store(price("base1-4", 300, at: referenceDate))
        #expect(try service.freshPrice(for: "base1-4", now: hours(23))?.marketPrice == 300)
        #expect(try service.freshPrice(for: "base1-4", now: hours(25)) == nil)
        #expect(try service.cachedPrice(for: "base1-4") != nil)
    }

    @Test func pruningDeletesOnlyExpiredPrices() throws {
        let context = try makeContext()
        let service = PriceService(context: context)
        try service.store(price("old", 1, at: hours(-30)))
        try service.store(price("new", 1, at: hours(-2)))
        #expect(try service.expiredPrices(now: referenceDate).map(\.cardId) == ["old"])
        #expect(try service.pruneExpired(now: referenceDate) == 1)
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        #expect(try fresh.fetch(FetchDescriptor<CachedPrice>()).map(\.cardId) == ["new"])
    }
}
