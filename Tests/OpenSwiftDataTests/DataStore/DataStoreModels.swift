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

/// A model with an attribute of each kind, to go through a store's own snapshot type.
@Model
final class Cargo {
    enum Kind: String, Codable { case grain, spice }
    struct Seal: Codable, Equatable {
        var code: String
        var intact: Bool
    }

    var name: String
    var weight: Double
    var count: Int
    var insured: Bool
    var loadedAt: Date
    var manifest: Data
    var tag: UUID
    var note: String?
    var kind: Kind
    var seal: Seal
    var ports: [String]

    init(name: String, weight: Double, count: Int, insured: Bool, loadedAt: Date, manifest: Data, tag: UUID,
         note: String?, kind: Kind, seal: Seal, ports: [String]) {
        self.name = name
        self.weight = weight
        self.count = count
        self.insured = insured
        self.loadedAt = loadedAt
        self.manifest = manifest
        self.tag = tag
        self.note = note
        self.kind = kind
        self.seal = seal
        self.ports = ports
    }
}
