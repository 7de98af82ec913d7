import Foundation
import OpenSwiftData

/// The destination of a relationship a subclass sets before `super.init`.
@Model
final class Sponsor {
    var name: String
    @Relationship(inverse: \SponsoredExcursion.sponsor) var excursions: [SponsoredExcursion] = []

    init(name: String) {
        self.name = name
    }
}

@Model
class Excursion {
    var name: String

    init(name: String) {
        self.name = name
    }
}

/// A subclass whose own relationship is set before `super.init`, through its `init` accessor.
@Model
class SponsoredExcursion: Excursion {
    var sponsor: Sponsor?

    init(name: String, sponsor: Sponsor) {
        self.sponsor = sponsor
        super.init(name: name)
    }
}
