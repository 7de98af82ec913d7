/// A store that, in the save that deletes a model, deletes the rows of its children
/// along every relationship ``Schema/cascadesByKey(_:)`` accepts, by their key column:
/// the context need not load those children to cascade to them, as on the SQLite
/// store (a parent of 100,000 children is one statement, not 100,000 models).
package protocol DataStoreCascadingDeletes: DataStore where Snapshot == DefaultSnapshot {
    /// Saves as `save(_:)` does, and adds to `deletedByCascade` the identifiers of the
    /// children it deleted that way: `didSave` names them with the deleted models.
    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>, deletedByCascade: inout [PersistentIdentifier]) throws
        -> DataStoreSaveChangesResult<DefaultSnapshot>
}
