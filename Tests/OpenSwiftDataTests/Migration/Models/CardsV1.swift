import Foundation
import OpenSwiftData

/// The older model code the lightweight tests start from: each test writes a store
/// with these models, then opens it with one of the variants in `CardsV2.swift`.
enum CardsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []

        init(name: String, setName: String, price: Double, notes: String? = nil) {
            self.name = name
            self.setName = setName
            self.price = price
            self.notes = notes
        }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?

        init(amount: Double) { self.amount = amount }
    }

    @Model
    final class Tag {
        var label: String

        init(label: String) { self.label = label }
    }

    /// Three cards (one without notes), two sales of the first, two tags.
    static func seed(_ context: ModelContext) throws {
        let charizard = Card(name: "Charizard", setName: "Base", price: 350.5, notes: "holo")
        let pikachu = Card(name: "Pikachu", setName: "Jungle", price: 12.25)
        let mewtwo = Card(name: "Mewtwo", setName: "Base", price: 80, notes: "psa 9")
        for card in [charizard, pikachu, mewtwo] { context.insert(card) }
        charizard.sales.append(Sale(amount: 300))
        charizard.sales.append(Sale(amount: 320))
        context.insert(Tag(label: "vintage"))
        context.insert(Tag(label: "holo"))
        try context.save()
    }
}
