import Foundation
import OpenSwiftData

/// A model whose relationship is to the root of a hierarchy, and so holds any of its classes.
@Model
final class Traveller {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Journey.traveller) var journeys: [Journey] = []

    init(name: String) {
        self.name = name
    }
}
