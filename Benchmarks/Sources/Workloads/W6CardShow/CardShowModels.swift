import Foundation

// Seed 000's models (CardShow Pro), as plain values: the raw implementation's models
// and, through hand-written conformances, the GRDB records. Relationships are stored
// as the foreign keys of their to-one side.

public enum CardCondition: String, CaseIterable, Sendable {
    case nearMint = "Near Mint"
    case lightlyPlayed = "Lightly Played"
    case moderatelyPlayed = "Moderately Played"
    case heavilyPlayed = "Heavily Played"
    case damaged = "Damaged"
}

public struct InventoryCard: Equatable, Sendable {
    public var id: UUID
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

    public init(
        id: UUID, name: String, setName: String, cardNumber: String, variant: String,
        condition: CardCondition, purchaseCost: Double?, marketValue: Double, lastPriceUpdate: Date,
        acquiredDate: Date, acquiredFrom: String?, imageURL: String?, localImagePath: String?,
        notes: String?, tags: [String], isGraded: Bool, gradingCompany: String?, grade: Int?,
        certNumber: String?
    ) {
        self.id = id
        self.name = name
        self.setName = setName
        self.cardNumber = cardNumber
        self.variant = variant
        self.condition = condition
        self.purchaseCost = purchaseCost
        self.marketValue = marketValue
        self.lastPriceUpdate = lastPriceUpdate
        self.acquiredDate = acquiredDate
        self.acquiredFrom = acquiredFrom
        self.imageURL = imageURL
        self.localImagePath = localImagePath
        self.notes = notes
        self.tags = tags
        self.isGraded = isGraded
        self.gradingCompany = gradingCompany
        self.grade = grade
        self.certNumber = certNumber
    }

    /// Every stored attribute, for the digest of a fetch.
    public var rowHash: RowHasher {
        var h = RowHasher()
        h.combine(id); h.combine(name); h.combine(setName); h.combine(cardNumber); h.combine(variant)
        h.combine(condition.rawValue); h.combine(purchaseCost) { $0.combine($1) }; h.combine(marketValue)
        h.combine(lastPriceUpdate.timeIntervalSince1970); h.combine(acquiredDate.timeIntervalSince1970)
        h.combine(acquiredFrom) { $0.combine($1) }; h.combine(imageURL) { $0.combine($1) }
        h.combine(localImagePath) { $0.combine($1) }; h.combine(notes) { $0.combine($1) }
        h.combine(tags.count); for tag in tags { h.combine(tag) }
        h.combine(isGraded); h.combine(gradingCompany) { $0.combine($1) }; h.combine(grade) { $0.combine($1) }
        h.combine(certNumber) { $0.combine($1) }
        return h
    }
}

public struct SalesHistory: Equatable, Sendable {
    public var id: UUID
    public var date: Date
    public var salePrice: Double
    public var platformFees: Double
    public var shippingCost: Double
    public var netProfit: Double
    public var platform: String
    public var buyerName: String?
    public var notes: String?
    /// `card: InventoryCard?` (inverse of `InventoryCard.sales`).
    public var cardID: UUID?
    /// `event: Event?` (inverse of `Event.sales`).
    public var eventID: UUID?

    public init(
        id: UUID, date: Date, salePrice: Double, platformFees: Double, shippingCost: Double,
        netProfit: Double, platform: String, buyerName: String?, notes: String?, cardID: UUID?, eventID: UUID?
    ) {
        self.id = id
        self.date = date
        self.salePrice = salePrice
        self.platformFees = platformFees
        self.shippingCost = shippingCost
        self.netProfit = netProfit
        self.platform = platform
        self.buyerName = buyerName
        self.notes = notes
        self.cardID = cardID
        self.eventID = eventID
    }
}

public struct Event: Equatable, Sendable {
    public var id: UUID
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

    public init(
        id: UUID, name: String, date: Date, location: String, tableNumber: String?, notes: String?,
        isActive: Bool, startTime: Date?, endTime: Date?, totalRevenue: Double, totalProfit: Double,
        cardsCount: Int, cardsSold: Int
    ) {
        self.id = id
        self.name = name
        self.date = date
        self.location = location
        self.tableNumber = tableNumber
        self.notes = notes
        self.isActive = isActive
        self.startTime = startTime
        self.endTime = endTime
        self.totalRevenue = totalRevenue
        self.totalProfit = totalProfit
        self.cardsCount = cardsCount
        self.cardsSold = cardsSold
    }
}
