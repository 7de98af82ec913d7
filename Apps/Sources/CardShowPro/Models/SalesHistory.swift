import Foundation
import OpenSwiftData

/// One sale of a card: where, for how much, and what was left after fees and shipping.
@Model
public final class SalesHistory {
    #Index<SalesHistory>([\.date])

    @Attribute(.unique) public var id: UUID
    public var date: Date
    public var salePrice: Double
    public var platformFees: Double
    public var shippingCost: Double
    /// Sale price less fees and shipping (not less the card's cost).
    public var netProfit: Double
    /// "eBay", "TCGPlayer", "In-Person", ...
    public var platform: String
    public var buyerName: String?
    /// What the card had cost when it was sold (its `purchaseCost` then), kept so
    /// that the sale's profit does not change when the card is edited or deleted;
    /// nil when the cost was unknown.
    public var costBasis: Double?
    /// The card's display name when it was sold, for when the card is gone.
    public var cardName: String?
    public var notes: String?

    // Relationships
    @Relationship(inverse: \InventoryCard.sales) public var card: InventoryCard?
    /// The event it was sold at, if any.
    @Relationship(inverse: \Event.sales) public var event: Event?
    /// The buyer, when they are a contact: the inverse of `Contact.purchases`, which
    /// the seed lists without saying what it is the inverse of.
    @Relationship(inverse: \Contact.purchases) public var contact: Contact?

    public init(
        salePrice: Double,
        platformFees: Double = 0,
        shippingCost: Double = 0,
        platform: String,
        card: InventoryCard? = nil,
        date: Date = Date()
    ) {
        self.id = UUID()
        self.date = date
        self.salePrice = salePrice
        self.platformFees = platformFees
        self.shippingCost = shippingCost
        self.netProfit = salePrice - platformFees - shippingCost
        self.platform = platform
        self.card = card
    }

    // MARK: Computed

    public var totalCosts: Double {
        platformFees + shippingCost
    }
}
