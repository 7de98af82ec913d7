import Foundation
import OpenSwiftData

/// A to-one relationship that may name its own model (a route that ends where it
/// starts): the store needs the model's key before it writes the model's row.
@Model
final class Waypoint {
    var name: String
    @Relationship(inverse: nil) var next: Waypoint?
    init(name: String) { self.name = name }
}
