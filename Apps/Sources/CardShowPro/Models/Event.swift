import Foundation
import OpenSwiftData

/// A card show the dealer vends at (vendor mode): what they brought, sold and traded.
@Model
public final class Event {
    #Index<Event>([\.date])

    @Attribute(.unique) public var id: UUID
    public var name: String
    public var date: Date
    public var location: String
    public var tableNumber: String?
    public var notes: String?

    // Event status
    /// Currently running.
    public var isActive: Bool
    public var startTime: Date?
    public var endTime: Date?

    // Financial summary, kept by `SalesService` as sales are recorded.
    public var totalRevenue: Double
    /// Net proceeds of the event's sales less the cost of the cards sold.
    public var totalProfit: Double
    /// Cards brought to the show.
    public var cardsCount: Int
    public var cardsSold: Int

    // Relationships
    @Relationship(deleteRule: .cascade) public var sales: [SalesHistory]?
    @Relationship(deleteRule: .cascade) public var trades: [TradeHistory]?
    /// Cards brought. Each card knows its events (the inverse), so sync keeps every card
    /// each device brought.
    @Relationship(deleteRule: .nullify, inverse: \InventoryCard.events) public var inventory: [InventoryCard]?

    public init(name: String, date: Date, location: String) {
        self.id = UUID()
        self.name = name
        self.date = date
        self.location = location
        self.isActive = false
        self.totalRevenue = 0
        self.totalProfit = 0
        self.cardsCount = 0
        self.cardsSold = 0
    }

    // MARK: Computed

    public var duration: TimeInterval? {
        guard let start = startTime, let end = endTime else { return nil }
        return end.timeIntervalSince(start)
    }

    public var averageSale: Double {
        guard cardsSold > 0 else { return 0 }
        return totalRevenue / Double(cardsSold)
    }

    /// Cards sold as a fraction of cards brought.
    public var sellThroughRate: Double {
        guard cardsCount > 0 else { return 0 }
        return Double(cardsSold) / Double(cardsCount)
    }
}
