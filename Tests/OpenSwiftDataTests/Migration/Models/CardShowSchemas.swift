import Foundation
import OpenSwiftData

// Seed 000 (CardShow Pro)'s schema versions, as its "Migration Strategy" lays them
// out: V1 InventoryCard, SalesHistory, CachedPrice; V2 adds Event and TradeHistory
// (and tags on cards); V3 adds Contact and WantListItem; V4 adds GradingSubmission
// (and grading fields on cards). Trimmed to the properties the migration touches;
// the app's real models live with the app.

enum CardCondition000: String, Codable {
    case nearMint = "Near Mint"
    case lightlyPlayed = "Lightly Played"
    case damaged = "Damaged"
}

enum ContactRole: String, Codable { case customer = "Customer", vendor = "Vendor" }
enum ContactPriority: String, Codable { case high = "High", medium = "Medium", low = "Low" }
enum GradingCompany: String, Codable { case psa = "PSA", bgs = "BGS", cgc = "CGC" }
enum GradingStatus: String, Codable { case submitted = "Submitted", returned = "Returned" }

enum CardShowV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [InventoryCard.self, SalesHistory.self, CachedPrice.self] }

    @Model
    final class InventoryCard {
        @Attribute(.unique) var id: UUID
        var name: String
        var setName: String
        var cardNumber: String
        var variant: String
        var condition: CardCondition000
        var purchaseCost: Double?
        var marketValue: Double
        var acquiredDate: Date
        var notes: String?
        @Relationship(deleteRule: .nullify, inverse: \SalesHistory.card) var sales: [SalesHistory]?

        init(name: String, setName: String, cardNumber: String, condition: CardCondition000 = .nearMint, marketValue: Double,
             purchaseCost: Double? = nil, notes: String? = nil, acquiredDate: Date) {
            self.id = UUID()
            self.name = name
            self.setName = setName
            self.cardNumber = cardNumber
            self.variant = "Normal"
            self.condition = condition
            self.marketValue = marketValue
            self.purchaseCost = purchaseCost
            self.notes = notes
            self.acquiredDate = acquiredDate
        }
    }

    @Model
    final class SalesHistory {
        @Attribute(.unique) var id: UUID
        var date: Date
        var salePrice: Double
        var platformFees: Double
        var netProfit: Double
        var platform: String
        var card: InventoryCard?

        init(salePrice: Double, platformFees: Double, platform: String, date: Date) {
            self.id = UUID()
            self.date = date
            self.salePrice = salePrice
            self.platformFees = platformFees
            self.netProfit = salePrice - platformFees
            self.platform = platform
        }
    }

    @Model
    final class CachedPrice {
        @Attribute(.unique) var cardId: String
        var marketPrice: Double
        var lowPrice: Double
        var highPrice: Double
        var timestamp: Date
        var source: String

        init(cardId: String, marketPrice: Double, lowPrice: Double, highPrice: Double, timestamp: Date, source: String) {
            self.cardId = cardId
            self.marketPrice = marketPrice
            self.lowPrice = lowPrice
            self.highPrice = highPrice
            self.timestamp = timestamp
            self.source = source
        }
    }
}

enum CardShowV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] {
        [InventoryCard.self, SalesHistory.self, CachedPrice.self, Event.self, TradeHistory.self]
    }

    typealias CachedPrice = CardShowV1.CachedPrice

    @Model
    final class InventoryCard {
        @Attribute(.unique) var id: UUID
        var name: String
        var setName: String
        var cardNumber: String
        var variant: String
        var condition: CardCondition000
        var purchaseCost: Double?
        var marketValue: Double
        var acquiredDate: Date
        var notes: String?
        var tags: [String] = []
        @Relationship(deleteRule: .nullify, inverse: \SalesHistory.card) var sales: [SalesHistory]?
        @Relationship(deleteRule: .nullify) var trades: [TradeHistory]?

        init(name: String) {
            self.id = UUID(); self.name = name; self.setName = ""; self.cardNumber = ""; self.variant = "Normal"
            self.condition = .nearMint; self.marketValue = 0; self.acquiredDate = Date()
        }
    }

    @Model
    final class SalesHistory {
        @Attribute(.unique) var id: UUID
        var date: Date
        var salePrice: Double
        var platformFees: Double
        var shippingCost: Double = 0
        var netProfit: Double
        var platform: String
        var card: InventoryCard?
        @Relationship(inverse: \Event.sales) var event: Event?

        init(salePrice: Double, platform: String) {
            self.id = UUID(); self.date = Date(); self.salePrice = salePrice; self.platformFees = 0
            self.netProfit = salePrice; self.platform = platform
        }
    }

    @Model
    final class Event {
        @Attribute(.unique) var id: UUID
        var name: String
        var date: Date
        var location: String
        var isActive: Bool = false
        var totalRevenue: Double = 0
        @Relationship(deleteRule: .cascade) var sales: [SalesHistory]?
        @Relationship(deleteRule: .nullify) var inventory: [InventoryCard]?

        init(name: String, date: Date, location: String) {
            self.id = UUID(); self.name = name; self.date = date; self.location = location
        }
    }

    @Model
    final class TradeHistory {
        @Attribute(.unique) var id: UUID
        var date: Date
        var tradePercentage: Double
        var myCardsTotal: Double
        var theirCardsTotal: Double
        @Relationship(deleteRule: .nullify) var cardsTraded: [InventoryCard]?
        @Relationship(deleteRule: .nullify) var cardsReceived: [InventoryCard]?

        init(tradePercentage: Double = 0.8, myCardsTotal: Double, theirCardsTotal: Double) {
            self.id = UUID(); self.date = Date(); self.tradePercentage = tradePercentage
            self.myCardsTotal = myCardsTotal; self.theirCardsTotal = theirCardsTotal
        }
    }
}

enum CardShowV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] {
        [InventoryCard.self, SalesHistory.self, CachedPrice.self, Event.self, TradeHistory.self, Contact.self, WantListItem.self]
    }

    typealias InventoryCard = CardShowV2.InventoryCard
    typealias SalesHistory = CardShowV2.SalesHistory
    typealias CachedPrice = CardShowV1.CachedPrice
    typealias Event = CardShowV2.Event
    typealias TradeHistory = CardShowV2.TradeHistory

    @Model
    final class Contact {
        @Attribute(.unique) var id: UUID
        var name: String
        var phone: String?
        var email: String?
        var role: ContactRole
        var priority: ContactPriority = ContactPriority.medium
        @Relationship(deleteRule: .cascade) var wantList: [WantListItem]?
        @Relationship(deleteRule: .nullify) var purchases: [SalesHistory]?

        init(name: String, role: ContactRole) { self.id = UUID(); self.name = name; self.role = role }
    }

    @Model
    final class WantListItem {
        @Attribute(.unique) var id: UUID
        var cardName: String
        var maxPrice: Double?
        var priority: ContactPriority
        var createdDate: Date
        @Relationship(inverse: \Contact.wantList) var contact: Contact?

        init(cardName: String, priority: ContactPriority = .medium) {
            self.id = UUID(); self.cardName = cardName; self.priority = priority; self.createdDate = Date()
        }
    }
}

enum CardShowV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)
    static var models: [any PersistentModel.Type] {
        [InventoryCard.self, SalesHistory.self, CachedPrice.self, Event.self, TradeHistory.self, Contact.self, WantListItem.self,
         GradingSubmission.self]
    }

    typealias CachedPrice = CardShowV1.CachedPrice

    @Model
    final class InventoryCard {
        @Attribute(.unique) var id: UUID
        var name: String
        var setName: String
        var cardNumber: String
        var variant: String
        var condition: CardCondition000
        var purchaseCost: Double?
        var marketValue: Double
        var acquiredDate: Date
        var notes: String?
        var tags: [String] = []
        var isGraded: Bool = false
        var gradingCompany: String?
        var grade: Int?
        @Relationship(deleteRule: .nullify, inverse: \SalesHistory.card) var sales: [SalesHistory]?
        @Relationship(deleteRule: .nullify) var trades: [TradeHistory]?

        init(name: String, setName: String, cardNumber: String, marketValue: Double) {
            self.id = UUID(); self.name = name; self.setName = setName; self.cardNumber = cardNumber; self.variant = "Normal"
            self.condition = .nearMint; self.marketValue = marketValue; self.acquiredDate = Date()
        }
    }

    @Model
    final class SalesHistory {
        @Attribute(.unique) var id: UUID
        var date: Date
        var salePrice: Double
        var platformFees: Double
        var shippingCost: Double = 0
        var netProfit: Double
        var platform: String
        var card: InventoryCard?
        @Relationship(inverse: \Event.sales) var event: Event?

        init(salePrice: Double, platform: String) {
            self.id = UUID(); self.date = Date(); self.salePrice = salePrice; self.platformFees = 0
            self.netProfit = salePrice; self.platform = platform
        }
    }

    @Model
    final class Event {
        @Attribute(.unique) var id: UUID
        var name: String
        var date: Date
        var location: String
        var isActive: Bool = false
        var totalRevenue: Double = 0
        @Relationship(deleteRule: .cascade) var sales: [SalesHistory]?
        @Relationship(deleteRule: .nullify) var inventory: [InventoryCard]?

        init(name: String, date: Date, location: String) {
            self.id = UUID(); self.name = name; self.date = date; self.location = location
        }
    }

    @Model
    final class TradeHistory {
        @Attribute(.unique) var id: UUID
        var date: Date
        var tradePercentage: Double
        var myCardsTotal: Double
        var theirCardsTotal: Double
        @Relationship(deleteRule: .nullify) var cardsTraded: [InventoryCard]?
        @Relationship(deleteRule: .nullify) var cardsReceived: [InventoryCard]?

        init(tradePercentage: Double = 0.8, myCardsTotal: Double, theirCardsTotal: Double) {
            self.id = UUID(); self.date = Date(); self.tradePercentage = tradePercentage
            self.myCardsTotal = myCardsTotal; self.theirCardsTotal = theirCardsTotal
        }
    }

    @Model
    final class Contact {
        @Attribute(.unique) var id: UUID
        var name: String
        var phone: String?
        var email: String?
        var role: ContactRole
        var priority: ContactPriority = ContactPriority.medium
        @Relationship(deleteRule: .cascade) var wantList: [WantListItem]?
        @Relationship(deleteRule: .nullify) var purchases: [SalesHistory]?

        init(name: String, role: ContactRole) { self.id = UUID(); self.name = name; self.role = role }
    }

    @Model
    final class WantListItem {
        @Attribute(.unique) var id: UUID
        var cardName: String
        var maxPrice: Double?
        var priority: ContactPriority
        var createdDate: Date
        @Relationship(inverse: \Contact.wantList) var contact: Contact?

        init(cardName: String, priority: ContactPriority = .medium) {
            self.id = UUID(); self.cardName = cardName; self.priority = priority; self.createdDate = Date()
        }
    }

    @Model
    final class GradingSubmission {
        @Attribute(.unique) var id: UUID
        var company: GradingCompany
        var submissionDate: Date
        var expectedReturnDate: Date?
        var totalCost: Double
        var status: GradingStatus = GradingStatus.submitted
        @Relationship(deleteRule: .nullify) var cards: [InventoryCard]?

        init(company: GradingCompany, totalCost: Double) {
            self.id = UUID(); self.company = company; self.submissionDate = Date(); self.totalCost = totalCost
        }
    }
}

/// V1 → V2 → V3 lightweight; V3 → V4 custom: cards whose notes say how they were
/// graded ("PSA 9") get the new grading attributes filled from those notes.
enum CardShowMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardShowV1.self, CardShowV2.self, CardShowV3.self, CardShowV4.self] }

    static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: CardShowV1.self, toVersion: CardShowV2.self),
            .lightweight(fromVersion: CardShowV2.self, toVersion: CardShowV3.self),
            .custom(fromVersion: CardShowV3.self, toVersion: CardShowV4.self, willMigrate: nil, didMigrate: { context in
                StageRecorder.current?.record("didMigrate 3 → 4")
                for card in try context.fetch(FetchDescriptor<CardShowV4.InventoryCard>()) {
                    let words = (card.notes ?? "").split(separator: " ")
                    guard words.count == 2, GradingCompany(rawValue: words[0].uppercased()) != nil, let grade = Int(words[1]) else { continue }
                    card.isGraded = true
                    card.gradingCompany = words[0].uppercased()
                    card.grade = grade
                }
                try context.save()
            }),
        ]
    }
}
