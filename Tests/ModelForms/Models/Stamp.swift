import Foundation
import OpenSwiftData

/// A protocol that refines `PersistentModel`, which a model may adopt: the model
/// then inherits the conformance, as a subclass would (`@Model` adds a note about
/// model superclasses), and must still expand and work.
///
/// Under default main-actor isolation, a protocol is main-actor isolated unless it
/// says otherwise, and a model's conformance to `PersistentModel` cannot be: a
/// protocol that refines it is declared `nonisolated`.
nonisolated protocol Stamped: PersistentModel {
    var stampedAt: Date { get }
}

@Model
final class Stamp: Stamped {
    var stampedAt: Date

    init(stampedAt: Date) {
        self.stampedAt = stampedAt
    }
}
