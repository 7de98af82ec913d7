import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// A trade recorded by mistake is voided: what it gave comes back, what it brought leaves,
/// and nothing that happened after it is undone by the way.
@Suite("Voiding trades")
struct TradeVoidTests {
    /// A store with Charizard given for Blastoise; the context and the trade.
    func traded() throws -> (ModelContext, TradeHistory) {
        let context = try makeContext()
        let mine = card("Charizard", value: 300)
        context.insert(mine)
        try context.save()
        let trade = try TradeService(context: context).recordTrade(
            giving: [mine], receiving: [card("Blastoise", number: "2/102", value: 150)]).trade
        return (context, trade)
    }

    func cards(_ context: ModelContext) throws -> [String: CardStatus] {
        let fresh = ModelContext(context.container)
        return Dictionary(uniqueKeysWithValues: try fresh.fetch(FetchDescriptor<InventoryCard>()).map { ($0.name, $0.status) })
    }

    @Test func voidingATradePutsTheCardsGivenBackInStockAndRemovesTheCardsReceived() throws {
        let (context, trade) = try traded()
        try TradeService(context: context).void(trade)
        #expect(try cards(context) == ["Charizard": .inStock])
        let fresh = ModelContext(context.container)
        #expect(try fresh.fetchCount(FetchDescriptor<TradeHistory>()) == 0)
        #expect(try fresh.fetch(FetchDescriptor<InventoryCard>()).first?.trades ?? [] == [])
    }

    @Test func aTradeWhoseReceivedCardWasSoldSinceIsNotVoidedAndSaysWhichSaleToVoidFirst() throws {
        let (context, trade) = try traded()
        let blastoise = try #require(trade.cardsReceived?.first)
        let sale = try SalesService(context: context).recordSale(of: blastoise, price: 160, platform: "eBay")
        let expected = CardShowError.tradeCannotBeVoided(
            card: "Blastoise #2/102", since: "was sold since (sale \(sale.id.short)): void that sale first (`cardshow sale void \(sale.id.short)`)")
        #expect(throws: expected) { try TradeService(context: context).void(trade) }
        #expect(try cards(context) == ["Charizard": .tradedAway, "Blastoise": .sold])
    }

    @Test func aTradeWhoseReceivedCardWasTradedOnIsNotVoidedAndSaysWhichTradeToVoidFirst() throws {
        let (context, trade) = try traded()
        let blastoise = try #require(trade.cardsReceived?.first)
        let later = try TradeService(context: context).recordTrade(giving: [blastoise], receiving: [card("Mew", number: "8")]).trade
        #expect(throws: CardShowError.tradeCannotBeVoided(
            card: "Blastoise #2/102",
            since: "was traded away since (trade \(later.id.short)): void that trade first (`cardshow trade void \(later.id.short)`)")) {
            try TradeService(context: context).void(trade)
        }
        try TradeService(context: context).void(later)
        try TradeService(context: context).void(trade)
        #expect(try cards(context) == ["Charizard": .inStock])
    }

    @Test func aTradeWhoseReceivedCardWasSentForGradingIsNotVoided() throws {
        let (context, trade) = try traded()
        let blastoise = try #require(trade.cardsReceived?.first)
        let submission = try GradingService(context: context).submit([blastoise], to: .psa, totalCost: 25)
        #expect(throws: CardShowError.tradeCannotBeVoided(
            card: "Blastoise #2/102", since: "was sent for grading since (submission \(submission.id.short)), so it stays yours")) {
            try TradeService(context: context).void(trade)
        }
        #expect(try cards(context).count == 2)
    }

    @Test func aCardAnotherTradeAlsoGaveAwayStaysTradedAwayWhenOneIsVoided() throws {
        let (context, trade) = try traded()
        // Two devices each traded Charizard away before they synced: both trades stand.
        let charizard = try #require(trade.cardsTraded?.first)
        let other = TradeHistory(myCardsTotal: 300, theirCardsTotal: 0)
        context.insert(other)
        other.cardsTraded = [charizard]
        try context.save()
        try TradeService(context: context).void(trade)
        #expect(try cards(context) == ["Charizard": .tradedAway])
    }
}
