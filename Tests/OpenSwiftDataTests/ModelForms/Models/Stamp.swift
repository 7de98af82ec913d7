import Foundation
import OpenSwiftData

/// A protocol that refines `PersistentModel`, which a model may adopt: the model
/// then inherits the conformance, as a subclass would, and must still expand.
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
