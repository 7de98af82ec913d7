import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Recording trades")
struct TradeServiceTests {
    @Test func tradeRecordsBothSidesAtMarketWithThePercentageApplied() throws {
        let context = try makeContext()
        let mine = [card("Mine A", value: 60), card("Mine B", value: 20)]
        for card in mine { context.insert(card) }
        try context.save()
        let result = try TradeService(context: context).recordTrade(
            giving: mine, receiving: [card("Theirs", value: 100)], percentage: 0.8)

        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let trade = try #require(try fresh.fetch(FetchDescriptor<TradeHistory>()).first)
        #expect(trade.id == result.trade.id)
        #expect(trade.myCardsTotal == 80)
        #expect(trade.theirCardsTotal == 100)
        #expect(trade.theirCardsTradeValue == 80)
        #expect(trade.isBalanced)
        #expect(Set(trade.cardsTraded?.map(\.name) ?? []) == ["Mine A", "Mine B"])
        #expect(trade.cardsReceived?.map(\.name) == ["Theirs"])
    }

    @Test func givenCardsLeaveInventoryAndReceivedCardsJoinIt() throws {
        let context = try makeContext()
        let mine = card("Mine", value: 50)
        context.insert(mine)
        try context.save()
        _ = try TradeService(context: context).recordTrade(giving: [mine], receiving: [card("Theirs", value: 70)],
                                                            percentage: 0.7, date: day(1))

        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let cards = try fresh.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(cards.map(\.status) == [.tradedAway, .inStock])
        let received = cards[1]
        #expect(received.acquiredFrom == "Trade")
        #expect(received.acquiredDate == day(1))
        #expect(abs((received.purchaseCost ?? 0) - 49) < 1e-9)
        #expect(received.trades?.count == 1)
        #expect(cards[0].trades?.count == 1)
    }

    @Test func cardsAlreadyGoneCannotBeTraded() throws {
        let context = try makeContext()
        let sold = card()
        context.insert(sold)
        try SalesService(context: context).recordSale(of: sold, price: 10, platform: "eBay")
        #expect(throws: CardShowError.cardNotInStock(card: sold.displayName, status: .sold)) {
            _ = try TradeService(context: context).recordTrade(giving: [sold], receiving: [card("New")])
        }
        #expect(try context.fetchCount(FetchDescriptor<TradeHistory>()) == 0)
    }

    @Test func anEmptyTradeIsRefused() throws {
        let context = try makeContext()
        #expect(throws: CardShowError.emptyTrade) {
            _ = try TradeService(context: context).recordTrade(giving: [], receiving: [])
        }
    }

    @Test func receivedCardsReportTheWantsTheySatisfy() throws {
        let context = try makeContext()
        let contact = try ContactService(context: context).add(Contact(name: "Misty", role: .customer))
        try ContactService(context: context).addWant(WantListItem(cardName: "Starmie"), to: contact)
        let result = try TradeService(context: context).recordTrade(giving: [], receiving: [card("Starmie", value: 10)])
        #expect(result.matches.map { $0.contact?.name } == ["Misty"])
    }

    @Test func tradeAtAnEventJoinsItsTrades() throws {
        let context = try makeContext()
        let event = try EventService(context: context).create(name: "Show", location: "Mesa")
        _ = try TradeService(context: context).recordTrade(giving: [], receiving: [card("Theirs")], event: event)
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        #expect(try fresh.fetch(FetchDescriptor<Event>()).first?.trades?.count == 1)
        #expect(EventReport(event).tradeCount == 1)
    }
}
