import Foundation
import OpenSwiftData

// The newer model code of each lightweight change, one namespace per kind of
// change, each against `CardsV1`. Unchanged models are the V1 types themselves.

enum AddEntity {
    static var models: [any PersistentModel.Type] { [CardsV1.Card.self, CardsV1.Sale.self, CardsV1.Tag.self, Binder.self] }

    @Model
    final class Binder {
        var title: String
        init(title: String) { self.title = title }
    }
}

enum AddOptionalAttribute {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        var language: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum CardCondition: String, Codable {
    case nearMint = "Near Mint"
    case played = "Played"
}

enum AddDefaultedAttributes {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        var quantity: Int = 1
        var labels: [String] = ["new"]
        var condition: CardCondition = CardCondition.nearMint
        var addedOn: Date = Date(timeIntervalSinceReferenceDate: 1000)
        var isFoil: Bool = false
        var rating: Double = -1.5
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum RemoveAttribute {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum RemoveEntity {
    static var models: [any PersistentModel.Type] { [CardsV1.Card.self, CardsV1.Sale.self] }
}

enum RenameAttribute {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        @Attribute(originalName: "setName") var series: String
        var price: Double
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.series = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum RenameRelationship {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        @Relationship(deleteRule: .cascade, originalName: "sales", inverse: \Sale.item) var sold: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        @Relationship(originalName: "card") var item: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum OptionalToRequired {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String = "none"
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum AddUnique {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        @Attribute(.unique) var name: String
        var setName: String
        var price: Double
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String, setName: String = "", price: Double = 0) { self.name = name; self.setName = setName; self.price = price }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum AddIndex {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        #Index<Card>([\.name], [\.setName, \.price])
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

/// `AddIndex` with `name` renamed: the index follows the column.
enum RenameIndexedAttribute {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        #Index<Card>([\.title], [\.setName, \.price])
        @Attribute(originalName: "name") var title: String
        var setName: String
        var price: Double
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        init(title: String) { self.title = title; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

enum AddRelationships {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self, Binder.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        var binder: Binder?
        var tags: [CardsV1.Tag] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }

    @Model
    final class Binder {
        var title: String
        @Relationship(inverse: \Card.binder) var cards: [Card] = []
        init(title: String) { self.title = title }
    }
}

/// A to-many relationship without an inverse (a join table) that gains a to-one
/// inverse (a foreign key): the rows move from the one to the other, in order.
enum ShelvesV1 {
    static var models: [any PersistentModel.Type] { [Shelf.self, Item.self] }

    @Model
    final class Shelf {
        var label: String
        var items: [Item] = []
        init(label: String) { self.label = label }
    }

    @Model
    final class Item {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum ShelvesV2 {
    static var models: [any PersistentModel.Type] { [Shelf.self, Item.self] }

    @Model
    final class Shelf {
        var label: String
        @Relationship(inverse: \Item.shelf) var items: [Item] = []
        init(label: String) { self.label = label }
    }

    @Model
    final class Item {
        var name: String
        var shelf: Shelf?
        init(name: String) { self.name = name }
    }
}

/// `Card.sales` removed: `Sale.card` stays, without an inverse, so its order
/// column goes and its index changes.
enum RemoveInverse {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }
}

/// `AddRelationships` with the join-table relationship `tags` renamed `labels`.
enum RenameJoinRelationship {
    static var models: [any PersistentModel.Type] { [Card.self, Sale.self, CardsV1.Tag.self, Binder.self] }

    @Model
    final class Card {
        var name: String
        var setName: String
        var price: Double
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Sale.card) var sales: [Sale] = []
        var binder: Binder?
        @Relationship(originalName: "tags") var labels: [CardsV1.Tag] = []
        init(name: String) { self.name = name; self.setName = ""; self.price = 0 }
    }

    @Model
    final class Sale {
        var amount: Double
        var card: Card?
        init(amount: Double) { self.amount = amount }
    }

    @Model
    final class Binder {
        var title: String
        @Relationship(inverse: \Card.binder) var cards: [Card] = []
        init(title: String) { self.title = title }
    }
}

/// Seed 001's plan: one version, no stages yet.
enum CouponSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { CardsV1.models }
}

enum CouponMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CouponSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
}

/// A `Codable` attribute with an index on one of its fields, and the same model without
/// that index.
enum FieldIndex {
    struct Place: Codable { var city: String }

    enum Indexed {
        static var models: [any PersistentModel.Type] { [Card.self] }

        @Model
        final class Card {
            #Index<Card>([\.place.city])
            var name: String
            var place: Place
            init(name: String, city: String) { self.name = name; self.place = Place(city: city) }
        }
    }

    enum Unindexed {
        static var models: [any PersistentModel.Type] { [Card.self] }

        @Model
        final class Card {
            var name: String
            var place: Place
            init(name: String, city: String) { self.name = name; self.place = Place(city: city) }
        }
    }
}
