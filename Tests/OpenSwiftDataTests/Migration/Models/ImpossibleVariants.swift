import Foundation
import OpenSwiftData

// Newer model code that no lightweight migration of a `CardsV1` store can reach.

enum NewRequiredAttribute {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        var rarity: String
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0; self.rarity = "" }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum RequiredWithoutDefault {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0; self.notes = "" }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum PriceAsText {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: String = ""
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = "" }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}
