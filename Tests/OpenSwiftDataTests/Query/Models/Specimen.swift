import Foundation
import OpenSwiftData

// A model with one attribute of every stored kind, for the predicate and sort tests.

enum Shade: String, Codable, CaseIterable {
    case red, green, blue
}

/// Declared in an order that differs from its raw values' order, so that ordering by
/// the enum's own `<` and by its raw value give different answers.
enum Urgency: Int, Codable, CaseIterable, Comparable {
    case high = 3, low = 1, medium = 2

    static func < (lhs: Urgency, rhs: Urgency) -> Bool { lhs.rawValue < rhs.rawValue }
}

@Model
final class Specimen {
    var name: String
    var count: Int
    var score: Double
    var price: Decimal
    var weight: Float?
    var flag: Bool
    var maybeFlag: Bool?
    var born: Date
    var uid: UUID
    var shade: Shade
    var priority: Urgency?
    var nickname: String?
    var tags: [String] = []
    var owner: Keeper?
    var labels: [Label] = []
    var computedLength: Int { name.count }

    init(name: String, count: Int = 0, score: Double = 0, price: Decimal = 0, weight: Float? = nil, flag: Bool = false,
         maybeFlag: Bool? = nil, born: Date = Date(timeIntervalSinceReferenceDate: 0), uid: UUID = UUID(),
         shade: Shade = .red, priority: Urgency? = nil, nickname: String? = nil, tags: [String] = [], owner: Keeper? = nil) {
        self.name = name
        self.count = count
        self.score = score
        self.price = price
        self.weight = weight
        self.flag = flag
        self.maybeFlag = maybeFlag
        self.born = born
        self.uid = uid
        self.shade = shade
        self.priority = priority
        self.nickname = nickname
        self.tags = tags
        self.owner = owner
    }
}

@Model
final class Keeper {
    var name: String
    var rank: Int
    var club: Club?
    @Relationship(inverse: \Specimen.owner) var specimens: [Specimen] = []

    init(name: String, rank: Int = 0, club: Club? = nil) {
        self.name = name
        self.rank = rank
        self.club = club
    }
}

@Model
final class Club {
    var title: String
    @Relationship(inverse: \Keeper.club) var keepers: [Keeper] = []

    init(title: String) { self.title = title }
}

/// Many-to-many with `Specimen`, stored in a join table.
@Model
final class Label {
    var text: String
    @Relationship(inverse: \Specimen.labels) var specimens: [Specimen] = []

    init(text: String) { self.text = text }
}
