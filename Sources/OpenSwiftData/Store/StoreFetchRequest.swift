/// A fetch as a context asks a store for it.
package struct StoreFetchRequest<T: PersistentModel> {
    package var descriptor: FetchDescriptor<T>
    /// The entities of which the context holds unsaved changes that this fetch must
    /// reflect: a store leaves to the context what those changes could alter (the
    /// predicate on related rows, the order, the window).
    package var pendingEntities: Set<String>
    /// The context that asks.
    package var editingState: EditingState

    package init(descriptor: FetchDescriptor<T>, pendingEntities: Set<String> = [], editingState: EditingState) {
        self.descriptor = descriptor
        self.pendingEntities = pendingEntities
        self.editingState = editingState
    }

    /// The same request without unsaved changes to reflect.
    var ignoringPendingChanges: StoreFetchRequest {
        var request = self
        request.pendingEntities = []
        return request
    }
}

/// What of a fetch's descriptor a store left to the context, which applies it to the
/// models of the rows, in this order: the pending changes, the predicate, the sort,
/// the window.
package struct StoreFetchOutcome: Sendable {
    /// The context merges its unsaved inserts, changes and deletes of the entity.
    package var mergesPendingChanges: Bool
    /// The context evaluates the whole predicate on each model.
    package var filtersInSwift: Bool
    /// The context sorts the models.
    package var sortsInSwift: Bool
    /// The context applies `fetchLimit` and `fetchOffset`.
    package var windowsInSwift: Bool

    package init(mergesPendingChanges: Bool, filtersInSwift: Bool, sortsInSwift: Bool, windowsInSwift: Bool) {
        self.mergesPendingChanges = mergesPendingChanges
        self.filtersInSwift = filtersInSwift
        self.sortsInSwift = sortsInSwift
        self.windowsInSwift = windowsInSwift
    }
}
