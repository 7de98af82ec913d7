import Foundation
import OpenSwiftData

/// Version 1 (initial): inventory, sales and the price cache.
///
/// The models here are frozen copies of what version 1 stored; they exist so that a
/// migration plan can name the old shape, and so that tests can write a version 1
/// store. Tags, trades and events arrive in version 2.
public enum SchemaV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)

    public static var models: [any PersistentModel.Type] {
        [InventoryCard.self, SalesHistory.self, CachedPrice.self]
    }

    @Model
    public final class InventoryCard {
        #Index<InventoryCard>([\.name], [\.acquiredDate], [\.marketValue], [\.status])

        @Attribute(.unique) public var id: UUID
        public var name: String
        public var setName: String
        public var cardNumber: String
        public var variant: String
        public var condition: CardCondition
        public var purchaseCost: Double?
        public var marketValue: Double
        public var lastPriceUpdate: Date
        public var catalogID: String?
        public var acquiredDate: Date
        public var acquiredFrom: String?
        public var imageURL: String?
        public var localImagePath: String?
        public var notes: String?
        public var status: CardStatus = CardStatus.inStock
        public var isGraded: Bool
        public var gradingCompany: String?
        public var grade: Int?
        public var certNumber: String?
        @Relationship(deleteRule: .nullify) public var sales: [SalesHistory]?

        public init(name: String, setName: String, cardNumber: String, variant: String = "Normal",
                    condition: CardCondition = .nearMint, marketValue: Double = 0, purchaseCost: Double? = nil,
                    acquiredDate: Date = Date()) {
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
    }

    @Model
    public final class SalesHistory {
        @Attribute(.unique) public var id: UUID
        public var date: Date
        public var salePrice: Double
        public var platformFees: Double
        public var shippingCost: Double
        public var netProfit: Double
        public var platform: String
        public var buyerName: String?
        public var notes: String?
        @Relationship(inverse: \InventoryCard.sales) public var card: InventoryCard?

        public init(salePrice: Double, platformFees: Double = 0, shippingCost: Double = 0, platform: String,
                    card: InventoryCard? = nil, date: Date = Date()) {
            self.id = UUID()
            self.date = date
            self.salePrice = salePrice
            self.platformFees = platformFees
            self.shippingCost = shippingCost
            self.netProfit = salePrice - platformFees - shippingCost
            self.platform = platform
            self.card = card
        }
    }

    @Model
    public final class CachedPrice {
        @Attribute(.unique) public var cardId: String
        public var marketPrice: Double
        public var lowPrice: Double
        public var midPrice: Double
        public var highPrice: Double
        public var timestamp: Date
        public var source: String

        public init(cardId: String, marketPrice: Double, lowPrice: Double, midPrice: Double, highPrice: Double,
                    source: String, timestamp: Date = Date()) {
            self.cardId = cardId
            self.marketPrice = marketPrice
            self.lowPrice = lowPrice
            self.midPrice = midPrice
            self.highPrice = highPrice
            self.timestamp = timestamp
            self.source = source
        }
    }
}
