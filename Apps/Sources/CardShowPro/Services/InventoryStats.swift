import Foundation
import OpenSwiftData

/// The dealer's numbers at a glance: `cardshow stats`.
public struct InventoryStats: Codable, Equatable, Sendable {
    /// Cards in stock.
    public var cardsInStock: Int
    /// Market value of the cards in stock.
    public var inventoryValue: Double
    /// What the cards in stock cost, where known.
    public var inventoryCost: Double
    /// Cards in stock whose cost is unknown (left out of cost, profit and ROI).
    public var cardsWithoutCost: Int
    /// Market value less cost of the cards in stock whose cost is known.
    public var unrealizedProfit: Double
    /// `unrealizedProfit` as a percentage of `inventoryCost`.
    public var roi: Double
    public var gradedCards: Int

    public var cardsSold: Int
    public var salesRevenue: Double
    /// Sale prices less fees, shipping and the cost of the cards sold.
    public var realizedProfit: Double
    public var cardsTradedAway: Int

    public var activeEvent: String?
    public var openWants: Int
    public var overdueSubmissions: Int
    public var expiredPrices: Int

    public var isEmpty: Bool { cardsInStock == 0 && cardsSold == 0 && cardsTradedAway == 0 }

    /// Computes the numbers with one fetch per entity.
    public init(context: ModelContext, now: Date = Date()) throws {
        let cards = try context.fetch(FetchDescriptor<InventoryCard>())
        let inStock = cards.filter { $0.status == .inStock }
        cardsInStock = inStock.count
        inventoryValue = inStock.reduce(0) { $0 + $1.marketValue }
        let costed = inStock.filter { $0.purchaseCost != nil }
        inventoryCost = costed.reduce(0) { $0 + ($1.purchaseCost ?? 0) }
        cardsWithoutCost = inStock.count - costed.count
        unrealizedProfit = costed.reduce(0) { $0 + $1.profit }
        roi = inventoryCost > 0 ? unrealizedProfit / inventoryCost * 100 : 0
        gradedCards = inStock.count { $0.isGraded }
        cardsTradedAway = cards.count { $0.status == .tradedAway }

        let sales = try context.fetch(FetchDescriptor<SalesHistory>())
        cardsSold = sales.count
        salesRevenue = sales.reduce(0) { $0 + $1.salePrice }
        realizedProfit = sales.reduce(0) { $0 + SalesService.profit(of: $1) }

        // Sums of cents in a Double pick up noise (4.800000000000001), and a ratio has
        // as many digits as a Double holds: every figure leaves in cents, the ROI in
        // hundredths of a percent.
        inventoryValue = Money.cents(inventoryValue)
        inventoryCost = Money.cents(inventoryCost)
        unrealizedProfit = Money.cents(unrealizedProfit)
        roi = Money.cents(roi)
        salesRevenue = Money.cents(salesRevenue)
        realizedProfit = Money.cents(realizedProfit)

        activeEvent = try EventQueries(context: context).activeEvents().first?.name
        openWants = try context.fetchCount(FetchDescriptor<WantListItem>())
        overdueSubmissions = try GradingService(context: context).overdueSubmissions(now: now).count
        expiredPrices = try PriceService(context: context).expiredPrices(now: now).count
    }
}
