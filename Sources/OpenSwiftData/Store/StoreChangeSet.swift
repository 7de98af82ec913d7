/// Everything one `save()` writes, as a context hands it to its store: the store
/// writes it in one transaction, with its history, or nothing at all.
///
/// The context has applied the delete rules and validated the models; the store
/// writes rows, keys and order, and checks in its transaction what only it can see
/// (another process's rows that a `.deny` protects, unique keys).
package struct StoreChangeSet {
    /// Models to insert, ordered so that a model comes after the inserted models its
    /// to-one relationships hold.
    package var inserted: [any PersistentModel]
    /// Saved models whose properties changed: the store writes the properties in each
    /// model's `changedProperties`.
    package var changed: [any PersistentModel]
    /// Saved models to delete, with their join-table entries and the to-one keys that
    /// point at them.
    package var deleted: [any PersistentModel]
    /// To-many relationships whose members or order changed, with their members now.
    package var toManyChanges: [(model: any PersistentModel, relationship: Schema.Relationship, members: [AnyObject])]
    /// Members appended to to-many relationships the context never loaded, in the order
    /// they were appended: the store places them after the members it holds
    /// (``ModelStore/appendsWithoutLoading(_:)``). Their foreign keys are written with
    /// the members themselves; a member deleted before the save is left out.
    package var toManyAppends: [(model: any PersistentModel, relationship: Schema.Relationship, appended: [AnyObject])] = []
    /// Cascades the store runs by itself: the children of these owners go in one delete.
    package var storeCascades: [StoreCascade]
    /// The entities the save may change rows of, for live queries.
    package var touchedEntities: Set<String>
    /// Who saves, for the history record.
    package var author: String?
    package var editingState: EditingState
}

extension StoreChangeSet {
    /// The relationships along which the store clears, for the models this save deletes,
    /// the keys of members the context may not have read
    /// (``Schema/Relationship/clearsMembersKeysOnDelete``): their members' entities are
    /// touched too.
    package var relationshipsClearedByDeletes: [Schema.Relationship] {
        var types = Set<ObjectIdentifier>(), relationships: [Schema.Relationship] = []
        for model in deleted where types.insert(ObjectIdentifier(type(of: model))).inserted {
            relationships += type(of: model)._$entity.relationships.filter(\.clearsMembersKeysOnDelete)
        }
        return relationships
    }
}

/// What a store did in a save that the context must learn.
package struct StoreSaveResult {
    /// The permanent key of each inserted model, in `inserted` order (an upsert's is the
    /// key of the row it updated).
    package var insertedKeys: [Int64]
    /// The children a store cascade deleted without the context reading them.
    package var deletedByCascade: [PersistentIdentifier] = []
    /// Rows the store rewrote on its own in the save (a ``DataStore``'s
    /// `snapshotsToReregister`): the context reads them again.
    package var rewrittenByStore: [PersistentIdentifier] = []
    /// Models the store saved only in part: their context marks them changed, so that
    /// its next save sends them again.
    package var unsent: [any PersistentModel] = []
    /// The history tokens of the transactions the save recorded, one per store that
    /// recorded one (none when history is off or nothing changed).
    package var historyTokens: [DefaultHistoryToken] = []
    /// The store's generation in which the rows the save wrote are exactly as written,
    /// when the store can tell that no other commit came after the one before it: an
    /// inserted model takes it, and so does a changed model read in the generation
    /// just before it (its other columns were not rewritten). Nil: the models keep
    /// their generations, and the next fetch that meets them compares their values.
    package var writtenGeneration: UInt64?

    package init(insertedKeys: [Int64], deletedByCascade: [PersistentIdentifier] = [], rewrittenByStore: [PersistentIdentifier] = [],
                 unsent: [any PersistentModel] = []) {
        self.insertedKeys = insertedKeys
        self.deletedByCascade = deletedByCascade
        self.rewrittenByStore = rewrittenByStore
        self.unsent = unsent
    }
}

/// A cascade the store runs by itself at save: the children of these owners.
package struct StoreCascade {
    package let relationship: Schema.Relationship
    package var ownerKeys: [Int64] = []
}
