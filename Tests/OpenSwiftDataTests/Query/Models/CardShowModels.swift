import Foundation
import OpenSwiftData

/// Seed 000's entities (CardShow Pro) that its query patterns use, as its data
/// model documentation declares them, in a namespace of their own.
enum CardShow {
    enum CardCondition: String, Codable {
        case nearMint = "Near Mint"
        case lightlyPlayed = "Lightly Played"
        case moderatelyPlayed = "Moderately Played"
        case heavilyPlayed = "Heavily Played"
        case damaged = "Damaged"
    }

    @Model
    final class InventoryCard {
        @Attribute(.unique) var id: UUID
        var name: String
        var setName: String
        var cardNumber: String
        var variant: String
        var condition: CardCondition
        var purchaseCost: Double?
        var marketValue: Double
        var lastPriceUpdate: Date
        var acquiredDate: Date
        var acquiredFrom: String?
        var imageURL: String?
        var localImagePath: String?
        var notes: String?
        var tags: [String] = []
        var isGraded: Bool
        var gradingCompany: String?
        var grade: Int?
        var certNumber: String?

        var profit: Double {
            guard let cost = purchaseCost else { return 0 }
            return marketValue - cost
        }

        init(name: String, setName: String, cardNumber: String, variant: String = "Normal",
             condition: CardCondition = .nearMint, marketValue: Double = 0) {
            self.id = UUID()
            self.name = name
            self.setName = setName
            self.cardNumber = cardNumber
            self.variant = variant
            self.condition = condition
            self.marketValue = marketValue
            self.acquiredDate = Date()
            self.lastPriceUpdate = Date()
            self.isGraded = false
        }
    }

    @Model
    final class Event {
        @Attribute(.unique) var id: UUID
        var name: String
        var date: Date
        var location: String
        var tableNumber: String?
        var notes: String?
        var isActive: Bool
        var startTime: Date?
        var endTime: Date?
        var totalRevenue: Double
        var totalProfit: Double
        var cardsCount: Int
        var cardsSold: Int

        init(name: String, date: Date, location: String) {
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
}
