import Foundation
import OpenSwiftData

// A model with one attribute of every stored kind, for the predicate and sort tests of
// both stores (public: the engine's and the PostgreSQL store's test targets share it).

public enum Shade: String, Codable, CaseIterable, Sendable {
    case red, green, blue
}

/// Declared in an order that differs from its raw values' order, so that ordering by
/// the enum's own `<` and by its raw value give different answers.
public enum Urgency: Int, Codable, CaseIterable, Comparable, Sendable {
    case high = 3, low = 1, medium = 2

    public static func < (lhs: Urgency, rhs: Urgency) -> Bool { lhs.rawValue < rhs.rawValue }
}

@Model
public final class Specimen {
    public var name: String
    public var count: Int
    public var score: Double
    public var price: Decimal
    public var weight: Float?
    public var flag: Bool
    public var maybeFlag: Bool?
    public var born: Date
    public var uid: UUID
    public var shade: Shade
    public var priority: Urgency?
    public var nickname: String?
    public var tags: [String] = []
    public var owner: Keeper?
    public var labels: [Label] = []
    public var computedLength: Int { name.count }

    public init(name: String, count: Int = 0, score: Double = 0, price: Decimal = 0, weight: Float? = nil, flag: Bool = false,
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
public final class Keeper {
    public var name: String
    public var rank: Int
    public var club: Club?
    @Relationship(inverse: \Specimen.owner) public var specimens: [Specimen] = []

    public init(name: String, rank: Int = 0, club: Club? = nil) {
        self.name = name
        self.rank = rank
        self.club = club
    }
}

@Model
public final class Club {
    public var title: String
    @Relationship(inverse: \Keeper.club) public var keepers: [Keeper] = []

    public init(title: String) { self.title = title }
}

/// Many-to-many with `Specimen`, stored in a join table.
@Model
public final class Label {
    public var text: String
    @Relationship(inverse: \Specimen.labels) public var specimens: [Specimen] = []

    public init(text: String) { self.text = text }
}
