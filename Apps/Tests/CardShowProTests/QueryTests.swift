import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// The seed's eight query patterns.
@Suite("Queries")
struct QueryTests {
    /// A UTC Gregorian calendar, so that "this month" does not depend on the machine.
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func seeded() throws -> ModelContext {
        let context = try makeContext()
        let cards = [
            card("Charizard", value: 350, cost: 200, acquired: day(-40)),
            card("Blastoise", number: "2/102", value: 120, cost: 150, acquired: day(-5)),
            card("Venusaur", number: "15/102", value: 100, acquired: day(-12)),
            card("Pikachu", set: "Jungle", number: "60/64", value: 12, cost: 2, acquired: day(0)),
            card("Pokémon Center Pikachu", set: "Promo", number: "SWSH039", value: 500, acquired: day(-100)),
            card("Mewtwo", number: "10/102", value: 501, cost: 400, acquired: day(-200)),
        ]
        cards[0].isGraded = true
        cards[0].grade = 9
        cards[5].isGraded = true
        cards[5].grade = 10
        for card in cards { context.insert(card) }
        try context.save()
        return context
    }

    @Test func allCardsReturnsEveryCard() throws {
        let queries = InventoryQueries(context: try seeded())
        #expect(try queries.allCards().count == 6)
    }

    @Test func valueRangeIsInclusiveAndMostValuableFirst() throws {
        let queries = InventoryQueries(context: try seeded())
        #expect(try queries.cards(valuedIn: 100...500).map(\.marketValue) == [500, 350, 120, 100])
    }

    @Test func nameSearchIgnoresCaseAndAccents() throws {
        let queries = InventoryQueries(context: try seeded())
        #expect(try queries.search(name: "pikachu").map(\.name) == ["Pikachu", "Pokémon Center Pikachu"])
        #expect(try queries.search(name: "POKEMON").map(\.name) == ["Pokémon Center Pikachu"])
        #expect(try queries.search(name: "Raichu").isEmpty)
    }

    @Test func acquiredThisMonthStartsAtTheFirstOfTheMonthNewestFirst() throws {
        let queries = InventoryQueries(context: try seeded())
        // referenceDate is 13 January: the 1st is 12 days back.
        let names = try queries.acquiredThisMonth(now: referenceDate, calendar: calendar).map(\.name)
        #expect(names == ["Pikachu", "Blastoise", "Venusaur"])
    }

    @Test func topCardsAreTheMostValuableUpToTheLimit() throws {
        let queries = InventoryQueries(context: try seeded())
        #expect(try queries.topCards(limit: 3).map(\.marketValue) == [501, 500, 350])
        #expect(try queries.topCards().count == 6)
    }

    @Test func mostProfitableSortsByProfitAndSkipsUnknownCost() throws {
        let queries = InventoryQueries(context: try seeded())
        #expect(try queries.mostProfitableCards(limit: 2).map(\.name) == ["Charizard", "Mewtwo"])
        #expect(try queries.mostProfitableCards().count == 4)
    }

    @Test func totalInventoryValueSumsMarketValues() throws {
        let queries = InventoryQueries(context: try seeded())
        #expect(try queries.totalInventoryValue() == 350 + 120 + 100 + 12 + 500 + 501)
    }

    @Test func gradedCardsAreOnlyTheGradedOnes() throws {
        let queries = InventoryQueries(context: try seeded())
        #expect(Set(try queries.gradedCards().map(\.name)) == ["Charizard", "Mewtwo"])
    }

    @Test func recentEventsAreTheLastThreeMonthsNewestFirst() throws {
        let context = try makeContext()
        let events = EventService(context: context)
        try events.create(name: "Old", location: "Tucson", date: day(-120))
        try events.create(name: "Recent", location: "Mesa", date: day(-30))
        try events.create(name: "Latest", location: "Tempe", date: day(-2))
        let recent = try EventQueries(context: context).recentEvents(now: referenceDate, calendar: calendar)
        #expect(recent.map(\.name) == ["Latest", "Recent"])
    }

    @Test func cardFilterCombinesValueGradedAndStock() throws {
        let context = try seeded()
        let queries = InventoryQueries(context: context)
        #expect(try queries.cards(matching: CardFilter(minValue: 100, graded: true)).map(\.name) == ["Mewtwo", "Charizard"])
        #expect(try queries.cards(matching: CardFilter(maxValue: 120, graded: false)).map(\.marketValue) == [120, 100, 12])
        let sold = try queries.search(name: "Venusaur")[0]
        try SalesService(context: context).recordSale(of: sold, price: 100, platform: "eBay")
        #expect(try queries.cards(matching: CardFilter(inStockOnly: true)).count == 5)
        #expect(try queries.cards(matching: CardFilter()).count == 6)
    }

    @Test func lookupFindsByIDPrefixAndRefusesAmbiguity() throws {
        let context = try seeded()
        let mewtwo = try InventoryQueries(context: context).search(name: "Mewtwo")[0]
        let lookup = ModelLookup(context: context)
        #expect(try lookup.card(mewtwo.id.short.lowercased()) === mewtwo)
        #expect(try lookup.card(mewtwo.id.uuidString) === mewtwo)
        #expect(throws: CardShowError.notFound(kind: "card", id: "ZZZZZZZZ")) { try lookup.card("ZZZZZZZZ") }
        #expect(throws: CardShowError.idTooShort(kind: "card", id: "ZZZZ")) { try lookup.card("ZZZZ") }
        #expect(throws: CardShowError.self) { try lookup.card("") }
    }
}
