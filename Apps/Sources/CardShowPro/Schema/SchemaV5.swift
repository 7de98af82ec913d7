import Foundation
import OpenSwiftData

/// Version 5 (history that stays true): a sale records the card's cost and name as
/// they were when it was made, so that deleting or editing the card later changes
/// none of its figures.
///
/// Two new optional attributes; the stage from version 4 fills them for the sales
/// already recorded, from the cards they still hold.
///
/// Frozen as version 5 wrote its stores (version 6 kept them): the app's models moved on
/// to version 7.
public enum SchemaV5: VersionedSchema {
    public static let versionIdentifier = Schema.Version(5, 0, 0)

    public static var models: [any PersistentModel.Type] {
        [InventoryCard.self, SalesHistory.self, CachedPrice.self, Event.self, TradeHistory.self,
         Contact.self, WantListItem.self, GradingSubmission.self]
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
        public var tags: [String] = []
        public var status: CardStatus = CardStatus.inStock

        public var isGraded: Bool
        public var gradingCompany: String?
        public var grade: Int?
        public var certNumber: String?

        @Relationship(deleteRule: .nullify) public var sales: [SalesHistory]?
        @Relationship(deleteRule: .nullify) public var trades: [TradeHistory]?

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
    }

    @Model
    public final class SalesHistory {
        #Index<SalesHistory>([\.date])

        @Attribute(.unique) public var id: UUID
        public var date: Date
        public var salePrice: Double
        public var platformFees: Double
        public var shippingCost: Double
        public var netProfit: Double
        public var platform: String
        public var buyerName: String?
        public var costBasis: Double?
        public var cardName: String?
        public var notes: String?

        @Relationship(inverse: \InventoryCard.sales) public var card: InventoryCard?
        @Relationship(inverse: \Event.sales) public var event: Event?
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
    }

    @Model
    public final class CachedPrice {
        public static let lifetime: TimeInterval = 24 * 3600

        @Attribute(.unique) public var cardId: String
        public var marketPrice: Double
        public var lowPrice: Double
        public var midPrice: Double
        public var highPrice: Double
        public var timestamp: Date
        public var source: String

        public init(
            cardId: String,
            marketPrice: Double,
            lowPrice: Double,
            midPrice: Double,
            highPrice: Double,
            source: String,
            timestamp: Date = Date()
        ) {
            self.cardId = cardId
            self.marketPrice = marketPrice
            self.lowPrice = lowPrice
            self.midPrice = midPrice
            self.highPrice = highPrice
            self.timestamp = timestamp
            self.source = source
        }
    }

    @Model
    public final class Event {
        #Index<Event>([\.date])

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

        @Relationship(deleteRule: .cascade) public var sales: [SalesHistory]?
        @Relationship(deleteRule: .cascade) public var trades: [TradeHistory]?
        @Relationship(deleteRule: .nullify) public var inventory: [InventoryCard]?

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
    }

    @Model
    public final class TradeHistory {
        #Index<TradeHistory>([\.date])

        @Attribute(.unique) public var id: UUID
        public var date: Date
        public var tradePercentage: Double
        public var myCardsTotal: Double
        public var theirCardsTotal: Double
        public var theirCardsTradeValue: Double
        public var notes: String?

        @Relationship(deleteRule: .nullify) public var cardsTraded: [InventoryCard]?
        @Relationship(deleteRule: .nullify) public var cardsReceived: [InventoryCard]?
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
    }

    @Model
    public final class Contact {
        #Index<Contact>([\.name])

        @Attribute(.unique) public var id: UUID
        public var name: String
        public var phone: String?
        public var email: String?
        public var role: ContactRole
        public var priority: ContactPriority

        public var metAt: String?
        public var metDate: Date?
        public var notes: String?

        @Relationship(deleteRule: .cascade) public var wantList: [WantListItem]?
        @Relationship(deleteRule: .nullify) public var purchases: [SalesHistory]?

        public init(name: String, role: ContactRole, priority: ContactPriority = .medium, metDate: Date? = Date()) {
            self.id = UUID()
            self.name = name
            self.role = role
            self.priority = priority
            self.metDate = metDate
        }
    }

    @Model
    public final class WantListItem {
        #Index<WantListItem>([\.cardName])

        @Attribute(.unique) public var id: UUID
        public var cardName: String
        public var setName: String?
        public var variant: String?
        public var maxPrice: Double?
        public var priority: ContactPriority
        public var notes: String?
        public var createdDate: Date

        @Relationship(inverse: \Contact.wantList) public var contact: Contact?

        public init(cardName: String, priority: ContactPriority = .medium, createdDate: Date = Date()) {
            self.id = UUID()
            self.cardName = cardName
            self.priority = priority
            self.createdDate = createdDate
        }
    }

    @Model
    public final class GradingSubmission {
        #Index<GradingSubmission>([\.submissionDate])

        @Attribute(.unique) public var id: UUID
        public var company: GradingCompany
        public var submissionDate: Date
        public var expectedReturnDate: Date?
        public var actualReturnDate: Date?
        public var totalCost: Double
        public var status: GradingStatus
        public var trackingNumber: String?
        public var notes: String?

        @Relationship(deleteRule: .nullify) public var cards: [InventoryCard]?

        public init(
            company: GradingCompany,
            totalCost: Double,
            expectedReturnDate: Date? = nil,
            submissionDate: Date = Date()
        ) {
            self.id = UUID()
            self.company = company
            self.submissionDate = submissionDate
            self.expectedReturnDate = expectedReturnDate
            self.totalCost = totalCost
            self.status = .submitted
        }
    }
}
