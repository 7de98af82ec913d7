/// What a store reads and writes of the models a context hands it.
extension PersistentModel {
    /// The model's row key: a temporary (negative) one until a save writes its row.
    /// A store that draws keys before it writes rows sets it while it saves, and puts
    /// the temporary one back before it returns: the context takes the keys the save
    /// reports once the transaction has committed.
    package var storeKey: Int64 {
        get { _$backingState.rowID }
        set { _$backingState.rowID = newValue }
    }

    /// The properties set since the model's last save, by their place in its entity's.
    package var changedProperties: ChangedProperties { _$backingState.changedProperties }

    /// True for a model whose row is saved (not one inserted or deleted by this save).
    package var isSaved: Bool { _$backingState.status == .persistent }
}
