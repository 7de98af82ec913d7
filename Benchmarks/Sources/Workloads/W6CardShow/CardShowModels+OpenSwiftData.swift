import Foundation
import OpenSwiftData

// Seed 000's models as the seed declares them (InventoryCard, SalesHistory, Event),
// with the indexes of its Performance section, as OpenSwiftData models. Prefixed
// `Seed` because the plain-value models of the other engines own the seed's names
// in this module.

@Model
public final class SeedInventoryCard {
    #Index<SeedInventoryCard>([\.name], [\.acquiredDate], [\.marketValue])
    @Attribute(.unique) public var id: UUID
    public var name: String
    public var setName: String
    public var cardNumber: String
    public var variant: String
    public var condition: CardCondition
    public var purchaseCost: Double?
    public var marketValue: Double
    public var lastPriceUpdate: Date
    public var acquiredDate: Date
    public var acquiredFrom: String?
    public var imageURL: String?
    public var localImagePath: String?
    public var notes: String?
    public var tags: [String]
    public var isGraded: Bool
    public var gradingCompany: String?
    public var grade: Int?
    public var certNumber: String?
    @Relationship(deleteRule: .nullify) public var sales: [SeedSalesHistory]?

    public init(_ card: InventoryCard) {
        id = card.id; name = card.name; setName = card.setName; cardNumber = card.cardNumber
        variant = card.variant; condition = card.condition; purchaseCost = card.purchaseCost
        marketValue = card.marketValue; lastPriceUpdate = card.lastPriceUpdate; acquiredDate = card.acquiredDate
        acquiredFrom = card.acquiredFrom; imageURL = card.imageURL; localImagePath = card.localImagePath
        notes = card.notes; tags = card.tags; isGraded = card.isGraded; gradingCompany = card.gradingCompany
        grade = card.grade; certNumber = card.certNumber
    }

    public var value: InventoryCard {
        InventoryCard(id: id, name: name, setName: setName, cardNumber: cardNumber, variant: variant, condition: condition,
                      purchaseCost: purchaseCost, marketValue: marketValue, lastPriceUpdate: lastPriceUpdate,
                      acquiredDate: acquiredDate, acquiredFrom: acquiredFrom, imageURL: imageURL,
                      localImagePath: localImagePath, notes: notes, tags: tags, isGraded: isGraded,
                      gradingCompany: gradingCompany, grade: grade, certNumber: certNumber)
    }
}

extension CardCondition: Codable {}

@Model
public final class SeedSalesHistory {
    @Attribute(.unique) public var id: UUID
    public var date: Date
    public var salePrice: Double
    public var platformFees: Double
    public var shippingCost: Double
    public var netProfit: Double
    public var platform: String
    public var buyerName: String?
    public var notes: String?
    @Relationship(inverse: \SeedInventoryCard.sales) public var card: SeedInventoryCard?
    @Relationship(inverse: \SeedEvent.sales) public var event: SeedEvent?

    public init(_ sale: SalesHistory, card: SeedInventoryCard?, event: SeedEvent?) {
        id = sale.id; date = sale.date; salePrice = sale.salePrice; platformFees = sale.platformFees
        shippingCost = sale.shippingCost; netProfit = sale.netProfit; platform = sale.platform
        buyerName = sale.buyerName; notes = sale.notes
        self.card = card
        self.event = event
    }

    public var value: SalesHistory {
        SalesHistory(id: id, date: date, salePrice: salePrice, platformFees: platformFees, shippingCost: shippingCost,
                     netProfit: netProfit, platform: platform, buyerName: buyerName, notes: notes,
                     cardID: card?.id, eventID: event?.id)
    }
}

@Model
public final class SeedEvent {
    @Attribute(.unique) public var id: UUID
    public var name: String
    public var date: Date
    public var location: String
    public var tableNumber: String?
    public var notes: String?
    public var isActive: Bool
    public var startTime: Date?
    public var endTime: Date?
    public var totalRevenue: Double
    public var totalProfit: Double
    public var cardsCount: Int
    public var cardsSold: Int
    @Relationship(deleteRule: .cascade) public var sales: [SeedSalesHistory]?

    public init(_ event: Event) {
        id = event.id; name = event.name; date = event.date; location = event.location
        tableNumber = event.tableNumber; notes = event.notes; isActive = event.isActive
        startTime = event.startTime; endTime = event.endTime; totalRevenue = event.totalRevenue
        totalProfit = event.totalProfit; cardsCount = event.cardsCount; cardsSold = event.cardsSold
    }

    public var value: Event {
        Event(id: id, name: name, date: date, location: location, tableNumber: tableNumber, notes: notes,
              isActive: isActive, startTime: startTime, endTime: endTime, totalRevenue: totalRevenue,
              totalProfit: totalProfit, cardsCount: cardsCount, cardsSold: cardsSold)
    }
}
