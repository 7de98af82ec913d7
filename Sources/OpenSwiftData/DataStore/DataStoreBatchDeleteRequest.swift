import Foundation

/// Deletes, in the store and at once, every model of `T` the predicate selects (all of them when nil).
public struct DataStoreBatchDeleteRequest<T: PersistentModel>: Sendable {
    public let editingState: EditingState
    public let includeSubclasses: Bool
    public let predicate: Predicate<T>?

    init(editingState: EditingState, includeSubclasses: Bool, predicate: Predicate<T>?) {
        self.editingState = editingState
        self.includeSubclasses = includeSubclasses
        self.predicate = predicate
    }
}
