import Foundation
import OpenSwiftData

@Model
final class Voyage {
    var name: String
    var days: Int
    @Relationship(deleteRule: .cascade, inverse: \Leg.voyage) var legs: [Leg] = []
    var guide: Guide?

    init(name: String, days: Int) {
        self.name = name
        self.days = days
    }
}

@Model
final class Leg {
    var name: String
    var voyage: Voyage?

    init(name: String) {
        self.name = name
    }
}

@Model
final class Guide {
    var name: String
    @Relationship(deleteRule: .nullify, inverse: \Voyage.guide) var voyages: [Voyage] = []

    init(name: String) {
        self.name = name
    }
}
