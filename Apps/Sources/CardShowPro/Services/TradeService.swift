import Foundation
import OpenSwiftData

/// What recording a trade produced.
public struct TradeResult {
    public let trade: TradeHistory
    /// Want-list items the received cards satisfy.
    public let matches: [WantListMatch]
}

/// Recording trades: cards given leave inventory, cards received enter it.
public struct TradeService {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    /// Records a trade of cards in stock (`giving`) for new cards (`receiving`).
    ///
    /// Both sides are valued at market; the received cards are credited at
    /// `percentage` of their market value (0.80 = 80%), which becomes their purchase
    /// cost unless one is set. Given cards are marked traded away; received cards join
    /// inventory from "Trade", and any want-list items they satisfy are reported.
    public func recordTrade(
        giving: [InventoryCard],
        receiving: [InventoryCard],
        percentage: Double = 0.80,
        event: Event? = nil,
        date: Date = Date(),
        notes: String? = nil,
        save: Bool = true
    ) throws -> TradeResult {
        guard !giving.isEmpty || !receiving.isEmpty else { throw CardShowError.emptyTrade }
        if let card = InventoryCard.firstRepeated(in: giving + receiving) {
            throw CardShowError.cardListedTwice(card: card.displayName, in: "this trade")
        }
        let trade = try context.change(saving: save) {
            // As they are now: another writer may have sold or traded a card since it was read.
            try record(giving: giving.map(context.refreshed), receiving: receiving, percentage: percentage,
                       event: event.map(context.refreshed), date: date, notes: notes)
        }
        return TradeResult(trade: trade, matches: try WantListMatcher(context: context).matches(for: receiving))
    }

    /// `recordTrade`'s checks and edits, on the given cards and the event as they are now; not saved.
    private func record(giving: [InventoryCard], receiving: [InventoryCard], percentage: Double, event: Event?,
                        date: Date, notes: String?) throws -> TradeHistory {
        for card in giving where card.status != .inStock {
            throw CardShowError.cardNotInStock(card: card.displayName, status: card.status)
        }
        let trade = TradeHistory(tradePercentage: percentage,
                                 myCardsTotal: giving.reduce(0) { $0 + $1.marketValue },
                                 theirCardsTotal: receiving.reduce(0) { $0 + $1.marketValue },
                                 date: date)
        trade.theirCardsTradeValue = Money.cents(trade.theirCardsTradeValue)
        trade.notes = notes
        context.insert(trade)
        for card in receiving {
            if card.purchaseCost == nil { card.purchaseCost = Money.cents(card.marketValue * percentage) }
            card.acquiredFrom = card.acquiredFrom ?? "Trade"
            card.acquiredDate = date
            context.insert(card)
        }
        trade.cardsTraded = giving
        trade.cardsReceived = receiving
        for card in giving { card.status = .tradedAway }
        // `InventoryCard.trades` is not the inverse of either list (see its comment).
        for card in giving + receiving { card.trades = (card.trades ?? []) + [trade] }
        if let event { trade.event = event }
        return trade
    }

    /// Undoes a trade recorded by mistake: the cards given go back in stock (a card also
    /// sold, or given in another trade, on another device before they synced stays sold, or
    /// traded away), and the cards received leave the store. Refused, changing nothing, while
    /// a card received in it was sold, traded away or sent for grading since: that happened
    /// after the trade, and is undone first.
    public func void(_ trade: TradeHistory, save: Bool = true) throws {
        try context.change(saving: save) {
            // As they are now: another writer may have sold or traded a card since they were read.
            let trade = try context.refreshed(trade)
            let received = try (trade.cardsReceived ?? []).map(context.refreshed)
            for card in received { try refuseVoidingIfMovedOn(card, receivedIn: trade) }
            let tradeID = trade.persistentModelID
            let givenElsewhere = Set(try context.fetch(FetchDescriptor<TradeHistory>())
                .filter { $0.persistentModelID != tradeID }
                .flatMap { ($0.cardsTraded ?? []).map(\.persistentModelID) })
            for card in try (trade.cardsTraded ?? []).map(context.refreshed) {
                card.trades = (card.trades ?? []).filter { $0.persistentModelID != tradeID }
                guard card.status == .tradedAway, !givenElsewhere.contains(card.persistentModelID) else { continue }
                card.status = (card.sales ?? []).isEmpty ? .inStock : .sold
            }
            for card in received { context.delete(card) }
            context.delete(trade)
        }
    }

    /// Throws when a card received in `trade` was sold, traded away or sent for grading after it.
    private func refuseVoidingIfMovedOn(_ card: InventoryCard, receivedIn trade: TradeHistory) throws {
        if let sale = (card.sales ?? []).first {
            throw CardShowError.tradeCannotBeVoided(
                card: card.displayName, since: "was sold since (sale \(sale.id.short)): void that sale first (`cardshow sale void \(sale.id.short)`)")
        }
        let tradeID = trade.persistentModelID
        if let later = try context.fetch(FetchDescriptor<TradeHistory>()).first(where: { other in
            other.persistentModelID != tradeID && (other.cardsTraded ?? []).contains { $0.persistentModelID == card.persistentModelID }
        }) {
            throw CardShowError.tradeCannotBeVoided(
                card: card.displayName,
                since: "was traded away since (trade \(later.id.short)): void that trade first (`cardshow trade void \(later.id.short)`)")
        }
        if let submission = try context.fetch(FetchDescriptor<GradingSubmission>()).first(where: {
            ($0.cards ?? []).contains { $0.persistentModelID == card.persistentModelID }
        }) {
            throw CardShowError.tradeCannotBeVoided(
                card: card.displayName, since: "was sent for grading since (submission \(submission.id.short)), so it stays yours")
        }
    }

    /// Every trade, newest first.
    public func allTrades() throws -> [TradeHistory] {
        try context.fetch(FetchDescriptor<TradeHistory>(sortBy: [SortDescriptor(\.date, order: .reverse)]))
    }
}
