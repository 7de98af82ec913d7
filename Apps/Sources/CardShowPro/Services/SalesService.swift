import Foundation
import OpenSwiftData

/// Recording and voiding sales, keeping the card, the event and the buyer in step.
public struct SalesService {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    /// Records the sale of a card in stock.
    ///
    /// The card is marked sold and the sale joins its `sales`; at an event, the sale
    /// joins the event and adds to its revenue, profit (net proceeds less the card's
    /// cost) and cards sold, and the card counts as brought if it was not; with a buyer
    /// contact, the sale joins their purchases and names them.
    @discardableResult
    public func recordSale(
        of card: InventoryCard,
        price: Double,
        platformFees: Double = 0,
        shippingCost: Double = 0,
        platform: String,
        buyer: Contact? = nil,
        buyerName: String? = nil,
        event: Event? = nil,
        date: Date = Date(),
        notes: String? = nil,
        save: Bool = true
    ) throws -> SalesHistory {
        try context.change(saving: save) {
            // As they are now: another writer may have sold the card, or sold at the event, since they were read.
            try record(of: context.refreshed(card), price: price, platformFees: platformFees, shippingCost: shippingCost,
                       platform: platform, buyer: buyer.map(context.refreshed), buyerName: buyerName,
                       event: event.map(context.refreshed), date: date, notes: notes)
        }
    }

    /// `recordSale`'s checks and edits, on the card, buyer and event as they are now; not saved.
    private func record(of card: InventoryCard, price: Double, platformFees: Double, shippingCost: Double,
                        platform: String, buyer: Contact?, buyerName: String?, event: Event?, date: Date,
                        notes: String?) throws -> SalesHistory {
        guard card.status == .inStock else {
            throw CardShowError.cardNotInStock(card: card.displayName, status: card.status)
        }
        let sale = SalesHistory(salePrice: price, platformFees: platformFees, shippingCost: shippingCost,
                                platform: platform, date: date)
        sale.notes = notes
        sale.buyerName = buyerName ?? buyer?.name
        sale.costBasis = card.purchaseCost
        sale.cardName = card.displayName
        context.insert(sale)
        sale.card = card
        card.status = .sold
        if let buyer { sale.contact = buyer }
        if let event {
            sale.event = event
            if !(event.inventory ?? []).contains(where: { $0 === card }) {
                event.inventory = (event.inventory ?? []) + [card]
                event.cardsCount = Self.oneMore(event.cardsCount)
            }
            event.totalRevenue += sale.salePrice
            event.totalProfit += Self.profit(of: sale)
            event.cardsSold = Self.oneMore(event.cardsSold)
        }
        return sale
    }

    /// `count + 1`, kept at the largest count there is: an event's count another program stored at
    /// `Int.max` (`sqlite3`, a client keeping no rules through sync) stopped every sale at it with
    /// an arithmetic overflow.
    static func oneMore(_ count: Int) -> Int { count == .max ? count : count + 1 }

    /// Undoes a sale recorded by mistake: the card is back in stock and the event's
    /// totals lose the sale.
    public func void(_ sale: SalesHistory, save: Bool = true) throws {
        try context.change(saving: save) {
            // As they are now: another writer may have voided the sale, or sold at the event, since they were read.
            let sale = try context.refreshed(sale)
            // A card sold on two devices before they synced has a sale from each: voiding one leaves it sold by the other.
            if let card = try sale.card.map(context.refreshed), card.status == .sold,
               !(card.sales ?? []).contains(where: { $0.persistentModelID != sale.persistentModelID }) {
                // A card traded away on another device before they synced stays traded away.
                card.status = try cardsTradedAway().contains(card.persistentModelID) ? .tradedAway : .inStock
            }
            if let event = try sale.event.map(context.refreshed) {
                event.totalRevenue -= sale.salePrice
                event.totalProfit -= Self.profit(of: sale)
                event.cardsSold = event.cardsSold > 0 ? event.cardsSold - 1 : 0
            }
            context.delete(sale)
        }
    }

    /// What a sale made: its net proceeds less what the card cost when it was sold
    /// (nothing when that was unknown), whatever happened to the card since.
    public static func profit(of sale: SalesHistory) -> Double {
        Money.cents(sale.netProfit - (sale.costBasis ?? 0))
    }

    /// The cards with more than one sale, each with its sales, oldest first. A card is sold
    /// only while in stock, and a voided sale is deleted, so only devices that each sold the
    /// card before they synced make two: a conflict of the dealer's, settled by voiding the
    /// sale that did not happen.
    public func cardsSoldMoreThanOnce() throws -> [(card: InventoryCard, sales: [SalesHistory])] {
        // The store counts each card's sales: `cardshow sync` asks after every sync, and reading
        // every sale with its card took most of an idle one.
        var cards = FetchDescriptor<InventoryCard>(predicate: #Predicate { ($0.sales?.count ?? 0) > 1 })
        cards.relationshipKeyPathsForPrefetching = [\.sales]
        return try context.fetch(cards).map { card in (card, (card.sales ?? []).sorted { ($0.date, $0.id.uuidString) < ($1.date, $1.id.uuidString) }) }
            .sorted { $0.sales[0].date < $1.sales[0].date }
    }

    /// The IDs of the sold cards with a sale standing. `cardshow sync` takes them before it
    /// downloads, for `restockCardsWhoseSalesWereAllVoided(among:)`.
    public func soldCardsWithSales() throws -> Set<UUID> {
        let sold = CardStatus.sold
        // The cards' IDs alone, where reading every sale with its card took most of an idle sync.
        var cards = FetchDescriptor<InventoryCard>(predicate: #Predicate { $0.status == sold && $0.sales?.isEmpty == false })
        cards.propertiesToFetch = [\.id]
        return Set(try context.fetch(cards).map(\.id))
    }

    /// Of the cards `ids` names, those still sold with no sale left, put back in stock and
    /// returned. A card two devices sold before they synced has two sales; a device that voids
    /// one leaves the card sold by the other, so when each device voided a different one before
    /// they synced, sync leaves the card sold with no sale, where neither sale happened.
    public func restockCardsWhoseSalesWereAllVoided(among ids: Set<UUID>) throws -> [InventoryCard] {
        guard !ids.isEmpty else { return [] }
        let sold = CardStatus.sold
        // The sold cards, their sales read with them: the cards `ids` names may be every card the dealer sold.
        var soldCards = FetchDescriptor<InventoryCard>(predicate: #Predicate { $0.status == sold })
        soldCards.relationshipKeyPathsForPrefetching = [\.sales]
        var restocked: [InventoryCard] = []
        try context.change(saving: true) {
            restocked = []
            var tradedAway: Set<PersistentIdentifier>?
            for card in try context.fetch(soldCards) where (card.sales ?? []).isEmpty && ids.contains(card.id) {
                if tradedAway == nil { tradedAway = try cardsTradedAway() }
                guard tradedAway?.contains(card.persistentModelID) != true else { card.status = .tradedAway; continue }
                card.status = .inStock
                restocked.append(card)
            }
        }
        return restocked.sorted { $0.displayName < $1.displayName }
    }

    /// The cards in stock that a sale standing sold or a trade gave away, taken out of stock
    /// again (sold, or traded away) and returned, each with the sale or trade that took it,
    /// oldest first. A card leaves stock with its sale or trade, so only sync makes one that
    /// has not: a device voiding a sale and selling (or trading) the card again while another
    /// device voided that sale later, whose status write, the later one, wins whole.
    public func takeOutOfStockCardsSoldOrTradedAway() throws
        -> [(card: InventoryCard, sale: SalesHistory?, trade: TradeHistory?)] {
        let inStock = CardStatus.inStock
        var sold = FetchDescriptor<SalesHistory>(predicate: #Predicate { $0.card?.status == inStock },
                                                 sortBy: [SortDescriptor(\.date)])
        sold.relationshipKeyPathsForPrefetching = [\.card]
        var taken: [(card: InventoryCard, sale: SalesHistory?, trade: TradeHistory?)] = []
        try context.change(saving: true) {
            taken = []
            var seen: Set<PersistentIdentifier> = []
            for trade in try context.fetch(FetchDescriptor<TradeHistory>(sortBy: [SortDescriptor(\.date)])) {
                for card in trade.cardsTraded ?? [] where card.status == .inStock && seen.insert(card.persistentModelID).inserted {
                    card.status = .tradedAway
                    taken.append((card, nil, trade))
                }
            }
            for sale in try context.fetch(sold) {
                guard let card = sale.card, card.status == .inStock, seen.insert(card.persistentModelID).inserted else { continue }
                card.status = .sold
                taken.append((card, sale, nil))
            }
        }
        return taken
    }

    /// The cards some trade gave away (a trade's `cardsTraded`; `InventoryCard.trades` holds
    /// those received too).
    private func cardsTradedAway() throws -> Set<PersistentIdentifier> {
        Set(try context.fetch(FetchDescriptor<TradeHistory>()).flatMap { ($0.cardsTraded ?? []).map(\.persistentModelID) })
    }

    /// Each event's totals counted again from its sales, and the cards it sold among those it
    /// brought; the events that changed. `recordSale` and `void` keep the totals as sums, but
    /// sync merges an event's fields whole, the later write winning: two devices each selling
    /// at one event before they synced kept one device's totals (1 sold, $50.00, where two
    /// sales made $150.00) and one device's cards brought.
    public func recountEventTotals() throws -> [Event] {
        var recounted: [Event] = []
        try context.change(saving: true) {
            recounted = []
            for event in try context.fetch(FetchDescriptor<Event>()) {
                let sales = event.sales ?? []
                let revenue = Money.cents(sales.reduce(0) { $0 + $1.salePrice })
                let profit = Money.cents(sales.reduce(0) { $0 + Self.profit(of: $1) })
                var inventory = event.inventory ?? []
                for card in sales.compactMap(\.card) where !inventory.contains(where: { $0 === card }) {
                    inventory.append(card)
                }
                let brought = max(event.cardsCount, inventory.count)
                guard abs(event.totalRevenue - revenue) >= 0.005 || abs(event.totalProfit - profit) >= 0.005
                        || event.cardsSold != sales.count || event.cardsCount != brought
                        || inventory.count != (event.inventory ?? []).count else { continue }
                event.totalRevenue = revenue
                event.totalProfit = profit
                event.cardsSold = sales.count
                if inventory.count != (event.inventory ?? []).count { event.inventory = inventory }
                event.cardsCount = brought
                recounted.append(event)
            }
        }
        return recounted
    }

    /// The cards given away in a trade that were also sold, or given away in another trade:
    /// each with its sales and the trades that gave it, oldest first. A card is sold or traded
    /// only while in stock, so only devices that each did one before they synced make both.
    public func cardsSoldAndTradedAway() throws -> [(card: InventoryCard, sales: [SalesHistory], trades: [TradeHistory])] {
        var byCard: [PersistentIdentifier: (card: InventoryCard, sales: [SalesHistory], trades: [TradeHistory])] = [:]
        for trade in try context.fetch(FetchDescriptor<TradeHistory>(sortBy: [SortDescriptor(\.date)])) {
            for card in trade.cardsTraded ?? [] {
                byCard[card.persistentModelID, default: (card, (card.sales ?? []).sorted { $0.date < $1.date }, [])].trades.append(trade)
            }
        }
        return byCard.values.filter { $0.sales.count + $0.trades.count > 1 }
            .sorted { $0.trades[0].date < $1.trades[0].date }
    }

    /// Every sale, newest first, with its card (which listings name).
    public func allSales() throws -> [SalesHistory] {
        var descriptor = FetchDescriptor<SalesHistory>(sortBy: [SortDescriptor(\.date, order: .reverse)])
        descriptor.relationshipKeyPathsForPrefetching = [\.card]
        return try context.fetch(descriptor)
    }

    /// The sales of cards still in the store, their cards read with them: one query for all
    /// of them, where reading each sale's card on its own took 4.8 s for 20,000 sales.
    private static func salesWithTheirCards(sortBy: [SortDescriptor<SalesHistory>] = []) -> FetchDescriptor<SalesHistory> {
        var descriptor = FetchDescriptor<SalesHistory>(predicate: #Predicate { $0.card != nil }, sortBy: sortBy)
        descriptor.relationshipKeyPathsForPrefetching = [\.card]
        return descriptor
    }
}
