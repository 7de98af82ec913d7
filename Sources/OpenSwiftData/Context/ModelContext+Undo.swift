import Foundation

/// Undo and redo of a context's changes through its ``ModelContext/undoManager``.
///
/// What user code does is recorded: setting a persisted property (its old value comes
/// back), inserting (the model leaves the context, or is deleted if it was saved since)
/// and deleting (the model comes back; if the delete was saved, it comes back as a new
/// row with its last values). What the engine does in answer is not recorded, since it
/// follows again from the undone change: inverse relationships, values merged from
/// other contexts' saves, and ``ModelContext/rollback()`` (which also clears the undo
/// manager, as it discards the changes its actions would revert).
///
/// The changes between two calls of `processPendingChanges()` or `save()` form one
/// group, which one `undo()` reverts.
extension ModelContext {
    /// Closes the group of changes made since the last call, as an app's run loop does
    /// at the end of an event.
    func endUndoEvent() {
        #if !canImport(ObjectiveC)
        undoManager?.endEventGroup()
        #endif
    }

    /// Runs changes the engine makes on the user's behalf without recording them.
    func withoutUndoRegistration<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let undoManager else { return try body() }
        undoManager.disableUndoRegistration()
        defer { undoManager.enableUndoRegistration() }
        return try body()
    }

    /// Records how to put back the value a property had before a set.
    @usableFromInline
    func registerUndoOfSet<M: PersistentModel, Value>(_ model: M, _ keyPath: ReferenceWritableKeyPath<M, Value>, from oldValue: Value) {
        guard let undoManager, undoManager.isUndoRegistrationEnabled else { return }
        undoManager.registerUndo(withTarget: model) { model in model[keyPath: keyPath] = oldValue }
    }

    /// ``registerUndoOfSet(_:_:from:)`` for an attribute whose old value may not have
    /// been loaded (a partial fetch): the stored value is the one to put back.
    @usableFromInline
    func registerUndoOfSet<M: PersistentModel, Value>(_ model: M, _ keyPath: ReferenceWritableKeyPath<M, Value>,
                                                      from oldStorage: _PersistedStorage<Value>) {
        guard let undoManager, undoManager.isUndoRegistrationEnabled else { return }
        switch oldStorage {
        case .loaded(let value):
            registerUndoOfSet(model, keyPath, from: value)
        case .unloaded, .fault:
            guard model._$backingState.rowID > 0 else { return }
            registerUndoOfSet(model, keyPath, from: loadAttribute(of: model, keyPath))
        }
    }

    func registerUndoOfInsert(_ model: any PersistentModel) {
        undoManager?.registerUndo(withTarget: self) { context in context.undoInsert(of: model) }
    }

    func registerUndoOfDelete(_ model: any PersistentModel) {
        undoManager?.registerUndo(withTarget: self) { context in context.undoDelete(of: model) }
    }

    private func undoInsert(of model: any PersistentModel) {
        guard model._$backingState.context === self else { return }
        switch model._$backingState.status {
        case .inserted:
            inserted.removeAll { $0 === model }
            model._$backingState.status = .new
            model._$backingState.context = nil
            model._$backingState.isChanged = false
            changed.removeAll { $0 === model }
            undoManager?.registerUndo(withTarget: self) { context in context.insert(model) }
        case .persistent:
            deleteModel(model)
        case .new, .deleted, .detached:
            break
        }
    }

    private func undoDelete(of model: any PersistentModel) {
        switch model._$backingState.status {
        case .deleted where model._$backingState.context === self:
            if let index = deleted.firstIndex(where: { $0 === model }) {
                deleted.remove(at: index)
                if index < deleteRulesAppliedCount { deleteRulesAppliedCount -= 1 }
            }
            let rowID = model._$backingState.rowID
            for index in pendingStoreCascades.indices { pendingStoreCascades[index].ownerKeys.removeAll { $0 == rowID } }
            pendingStoreCascades.removeAll { $0.ownerKeys.isEmpty }
            if rowID > 0 {
                model._$backingState.status = .persistent
            } else {
                model._$backingState.status = .inserted
                inserted.append(model)
            }
            undoManager?.registerUndo(withTarget: self) { context in context.deleteModel(model) }
        case .detached where model._$backingState.context == nil || model._$backingState.context === self:
            // The delete was saved: the model comes back as a new row.
            model._$backingState.context = nil
            insert(model)
        default:
            break
        }
    }
}
