import Foundation
import OpenSwiftData

/// A protocol that refines `PersistentModel`, which a model may adopt: the model
/// then inherits the conformance, as a subclass would (`@Model` adds a note about
/// model superclasses), and must still expand and work.
protocol Stamped: PersistentModel {
    var stampedAt: Date { get }
}

@Model
final class Stamp: Stamped {
    var stampedAt: Date

    init(stampedAt: Date) {
        self.stampedAt = stampedAt
    }
}
