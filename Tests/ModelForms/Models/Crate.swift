import Foundation
import OpenSwiftData

/// Two sides of a relationship, each with an observer that counts its runs.
@Model
final class Crate {
    var label: String
    var bottles: [Bottle] = [] {
        didSet { bottleChanges += 1 }
    }
    @Transient var bottleChanges = 0

    init(label: String) {
        self.label = label
    }
}

@Model
final class Bottle {
    var wine: String
    var crate: Crate? {
        didSet { crateChanges += 1 }
    }
    @Transient var crateChanges = 0

    init(wine: String) {
        self.wine = wine
    }
}
