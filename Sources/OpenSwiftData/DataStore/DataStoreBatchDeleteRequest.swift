import Foundation

/// Deletes, in the store and at once, every model of `T` the predicate selects (all of them when nil).
public struct DataStoreBatchDeleteRequest<T: PersistentModel>: Sendable {
    /// The editing state of the context that deletes.
    public let editingState: EditingState
    /// Whether models of subclasses are deleted too.
    public let includeSubclasses: Bool
    /// The models to delete; all of the type when nil.
    public let predicate: Predicate<T>?

    init(editingState: EditingState, includeSubclasses: Bool, predicate: Predicate<T>?) {
        self.editingState = editingState
        self.includeSubclasses = includeSubclasses
        self.predicate = predicate
    }
}
