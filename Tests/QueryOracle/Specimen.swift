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

/// A `Codable` struct attribute: one JSON column, whose fields predicates and sorts read in SQL.
public struct Habitat: Codable, Equatable, Sendable {
    public var region: String
    public var altitude: Int
    public var indoor: Bool
    /// Left out of the JSON when nil.
    public var note: String?
    public var zone: Zone
    /// Read in SQL on PostgreSQL only (SQLite does not always read a JSON number as the nearest Double).
    public var depth: Double
    public var shade: Shade
    /// Held as its string; left out of the JSON when nil.
    public var tagID: UUID?
    /// Held as seconds since 2001, a JSON number: read in SQL on PostgreSQL only, as `depth`.
    public var surveyed: Date

    public init(region: String = "", altitude: Int = 0, indoor: Bool = false, note: String? = nil, zone: Zone = Zone(),
                depth: Double = 0, shade: Shade = .red, tagID: UUID? = nil, surveyed: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        self.region = region
        self.altitude = altitude
        self.indoor = indoor
        self.note = note
        self.zone = zone
        self.depth = depth
        self.shade = shade
        self.tagID = tagID
        self.surveyed = surveyed
    }
}

/// A struct inside `Habitat`: its fields are a path two keys deep.
public struct Zone: Codable, Equatable, Sendable {
    public var code: Int
    public var wet: Bool?

    public init(code: Int = 0, wet: Bool? = nil) {
        self.code = code
        self.wet = wet
    }
}

/// A struct whose property is stored under another coding key: reading it in SQL by
/// the property's name would find nothing, so predicates on it run in Swift.
public struct Burrow: Codable, Equatable, Sendable {
    public var entrance: String

    public init(entrance: String) { self.entrance = entrance }

    enum CodingKeys: String, CodingKey { case entrance = "door" }
}

@Model
public final class Specimen {
    #Index<Specimen>([\.habitat.region])

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
    public var habitat: Habitat = Habitat()
    public var formerHabitat: Habitat? = nil
    public var burrow: Burrow? = nil
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
