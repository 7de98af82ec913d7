import CheckThenSave
import Foundation
import OpenSwiftData

extension ModelContext {
    /// Runs a service's `changes` (its checks, then its edits). With `save`, they and
    /// their save are one transaction, so what the checks read (the card is in stock, no
    /// event is running) still holds at the save whatever another context, thread or
    /// process does; if anything throws, the context is rolled back. Without, they run
    /// as they are, for a caller that saves many together (in a `transaction(block:)` of
    /// its own, to hold their checks the same way).
    func change<T>(saving save: Bool, _ changes: () throws -> T) throws -> T {
        guard save else { return try changes() }
        do {
            return try withTransaction(changes)
        } catch {
            rollback()
            throw error
        }
    }

    /// `model` as the store holds it now, read again inside a change (a model with
    /// unsaved changes keeps them); refused when another writer deleted it since it was
    /// read.
    func refreshed<Model: DealerIdentifiable>(_ model: Model) throws -> Model {
        guard let current = try current(model) else {
            throw CardShowError.notFound(kind: Model.dealerKind, id: model.id.short)
        }
        return current
    }
}
