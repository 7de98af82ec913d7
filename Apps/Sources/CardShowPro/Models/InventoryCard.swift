import Foundation
import OpenSwiftData

/// A trading card in the dealer's inventory: the app's core entity.
@Model
public final class InventoryCard {
    // The seed's Performance section: name for search, acquiredDate for sorting,
    // marketValue for value filters; status because every inventory total filters on it.
    #Index<InventoryCard>([\.name], [\.acquiredDate], [\.marketValue], [\.status])

    // Identification
    @Attribute(.unique) public var id: UUID
    public var name: String
    public var setName: String
    public var cardNumber: String
    /// "Normal", "Holo", "Reverse Holo", ...
    public var variant: String
    public var condition: CardCondition

    // Pricing & profit
    public var purchaseCost: Double?
    public var marketValue: Double
    public var lastPriceUpdate: Date
    /// The pricing API's ID for this card ("base1-4"), the key of its `CachedPrice`.
    /// Not in the seed, which never says how a cached price finds its card.
    public var catalogID: String?

    // Acquisition
    public var acquiredDate: Date
    /// "Trade", "Target", "Card Show", ...
    public var acquiredFrom: String?

    // Media
    public var imageURL: String?
    public var localImagePath: String?

    // Metadata
    public var notes: String?
    public var tags: [String] = []
    /// In stock, sold or traded away (see `CardStatus` for why it is stored).
    public var status: CardStatus = CardStatus.inStock

    // Grading
    public var isGraded: Bool
    /// "PSA", "BGS", "CGC"
    public var gradingCompany: String?
    /// 1-10
    public var grade: Int?
    public var certNumber: String?

    // Relationships
    @Relationship(deleteRule: .nullify) public var sales: [SalesHistory]?
    /// Trades this card took part in, given or received. `TradeHistory` has two lists
    /// of cards, so this cannot be the inverse of either; `TradeService` keeps it.
    @Relationship(deleteRule: .nullify) public var trades: [TradeHistory]?
    /// The events it was brought to (the inverse of `Event.inventory`).
    public var events: [Event]? = []

    public init(
        name: String,
        setName: String,
        cardNumber: String,
        variant: String = "Normal",
        condition: CardCondition = .nearMint,
        marketValue: Double = 0,
        purchaseCost: Double? = nil,
        acquiredDate: Date = Date()
    ) {
        self.id = UUID()
        self.name = name
        self.setName = setName
        self.cardNumber = cardNumber
        self.variant = variant
        self.condition = condition
        self.marketValue = marketValue
        self.purchaseCost = purchaseCost
        self.acquiredDate = acquiredDate
        self.lastPriceUpdate = acquiredDate
        self.isGraded = false
    }

    // MARK: Computed

    /// Unrealised profit: market value less what the card cost; 0 when the cost is unknown.
    public var profit: Double {
        guard let cost = purchaseCost else { return 0 }
        return marketValue - cost
    }

    /// Profit as a fraction of cost (0.5 = 50%); 0 when the cost is unknown or zero.
    public var profitMargin: Double {
        guard let cost = purchaseCost, cost > 0 else { return 0 }
        return (marketValue - cost) / cost
    }

    /// Return on investment in percent.
    public var roi: Double {
        profitMargin * 100
    }

    public var displayName: String {
        "\(name) #\(cardNumber)"
    }

    public var isInStock: Bool { status == .inStock }

    /// Its market value and cost in whole cents (see ``Money``), as every card that
    /// enters the store keeps them.
    public func roundAmountsToCents() {
        let value = Money.cents(marketValue)
        if value != marketValue { marketValue = value }
        if let cost = purchaseCost, Money.cents(cost) != cost { purchaseCost = Money.cents(cost) }
    }

    /// The first card that appears a second time in `cards`.
    static func firstRepeated(in cards: [InventoryCard]) -> InventoryCard? {
        var seen: Set<UUID> = []
        return cards.first { !seen.insert($0.id).inserted }
    }
}
