/// What a model instance knows about its persistence: the context it is registered
/// in, its row and its status. `@Model` stores one per instance.
///
/// It is a plain struct inside the model so that materialising a row costs one
/// allocation, the model itself; it holds no reference, so that a copy of it (each
/// read through the `PersistentModel` witness makes one) is a copy of its bytes
/// rather than a call that retains and releases.
public struct _ModelBackingState {
    /// The registering context. Not a strong reference, since a context keeps its
    /// models alive, not the reverse; and not `weak`, whose copies cost an atomic
    /// operation on every read of this state. The context clears it when the model
    /// leaves its registry and, for all its models, when it is released.
    @usableFromInline unowned(unsafe) var context: ModelContext?
    /// The row's primary key once saved; a negative, process-unique number before.
    @usableFromInline var rowID: Int64 = 0
    @usableFromInline var status: Status = .new
    /// Registered in its context's set of changed models.
    @usableFromInline var isChanged = false {
        // Whatever ends the changes (a save, a rollback, an undo) ends the list of them.
        didSet { if !isChanged { changedProperties = ChangedProperties() } }
    }
    /// Which properties the changes are (see `ChangedProperties`).
    var changedProperties = ChangedProperties()
    /// Some attributes were left out of the fetch (`propertiesToFetch`).
    var isPartial = false
    /// A persisted property's getter has run. Until then nothing can observe the model
    /// (an observer is registered only by a getter's `access` while it is tracked), so
    /// its setters store without telling the observation registrar: an initialiser's
    /// assignments cost no registrar lock, no key path and no notification.
    public var mayBeObserved = false
    /// The store's generation when the model's values were last read from its row
    /// (see `SQLiteStore.generation(seenBy:)`): a fetch that meets the model in a
    /// later generation refreshes it, unless it has unsaved changes.
    var generation: UInt64 = 0

    /// The state of a model not yet inserted into any context.
    public init() {}

    /// A getter of the model's persisted properties ran (see `mayBeObserved`).
    @inlinable @inline(__always)
    public mutating func _noteRead() {
        if !mayBeObserved { mayBeObserved = true }
    }

    /// An inserted model's row was saved with its key: the model holds what the row
    /// holds in `generation` (see `StoreSaveResult.writtenGeneration`), when the store
    /// could tell. One access to the state, which a save makes for each inserted model.
    mutating func takeSavedRow(_ key: Int64, generation: UInt64?) {
        rowID = key
        status = .persistent
        if let generation { self.generation = generation }
    }

    /// A changed model's changes were saved. If it was read in the generation just
    /// before `generation`, it holds what its row holds in it: the save rewrote its
    /// changed columns, and no other commit came between.
    mutating func endChanges(savedIn generation: UInt64?) {
        isChanged = false
        if let generation, self.generation + 1 == generation { self.generation = generation }
    }

    @usableFromInline
    enum Status: UInt8 {
        /// Created, never inserted.
        case new
        /// Inserted into a context, not yet saved.
        case inserted
        /// Has a row in the store.
        case persistent
        /// Marked for deletion, not yet saved.
        case deleted
        /// Its row was deleted by a save, or it was replaced by an upsert.
        case detached
    }
}
