import Foundation
import OpenSwiftData

/// A trade: the cards the dealer gave and got, valued at market, with the trade
/// percentage applied to the other side's cards (0.80 = the dealer credits 80% of
/// their market value).
@Model
public final class TradeHistory {
    #Index<TradeHistory>([\.date])

    @Attribute(.unique) public var id: UUID
    public var date: Date
    /// 0.80 = 80%
    public var tradePercentage: Double
    /// The dealer's cards, at market value.
    public var myCardsTotal: Double
    /// The other side's cards, at market value.
    public var theirCardsTotal: Double
    /// The other side's cards after the percentage.
    public var theirCardsTradeValue: Double
    public var notes: String?

    // Relationships
    /// Cards I gave away.
    @Relationship(deleteRule: .nullify) public var cardsTraded: [InventoryCard]?
    /// Cards I got.
    @Relationship(deleteRule: .nullify) public var cardsReceived: [InventoryCard]?
    /// The event the trade happened at, if any: the inverse of `Event.trades`.
    @Relationship(inverse: \Event.trades) public var event: Event?

    public init(
        tradePercentage: Double = 0.80,
        myCardsTotal: Double,
        theirCardsTotal: Double,
        date: Date = Date()
    ) {
        self.id = UUID()
        self.date = date
        self.tradePercentage = tradePercentage
        self.myCardsTotal = myCardsTotal
        self.theirCardsTotal = theirCardsTotal
        self.theirCardsTradeValue = theirCardsTotal * tradePercentage
    }

    // MARK: Computed

    /// True when the two sides are within $1 of each other.
    public var isBalanced: Bool {
        abs(myCardsTotal - theirCardsTradeValue) < 1.0
    }

    /// Positive when the dealer gave more than they were credited.
    public var differential: Double {
        myCardsTotal - theirCardsTradeValue
    }
}
