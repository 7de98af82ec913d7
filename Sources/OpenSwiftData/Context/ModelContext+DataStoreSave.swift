import Foundation

// `save()` on a custom store: the delete rules have run (as for SQLite); the pending
// changes go to the store as one `DataStoreSaveChangesRequest`.
extension ModelContext {
    /// Sends the pending changes to the store. Inserted models take the permanent
    /// identifiers the store gives them. Until the store answers, nothing in the
    /// context changes, so a store that throws leaves every change pending for the
    /// next save; its error is thrown as it is.
    func saveToCustomStore(_ customStore: any CustomStore) throws {
        var entities = EntityLookup()
        for model in inserted + changedModelsArray where entities.entity(of: model).isValidating {
            try (model as? any ValidatingModel)?.validate()
        }
        let inserted = self.inserted
        var updated = changedModelsArray
        var seen = Set(updated.map(ObjectIdentifier.init))
        for change in toManyChanges where change.model._$backingState.status == .persistent
            && seen.insert(ObjectIdentifier(change.model)).inserted {
            updated.append(change.model)
        }
        let deleted = self.deleted.filter { $0._$backingState.rowID > 0 }
        postNotification(ModelContext.willSave, inserted: inserted, changed: updated, deleted: deleted)

        let insertedSnapshots = try inserted.map(DefaultSnapshot.init(from:))
        let updatedSnapshots = try updated.map(DefaultSnapshot.init(from:))
        var request = DataStoreSaveChangesRequest(
            editingState: editingState, inserted: insertedSnapshots, updated: updatedSnapshots,
            deleted: try deleted.map(deletedSnapshot))
        for snapshot in updatedSnapshots {
            guard let known = customSnapshots[snapshot.persistentIdentifier] else { continue }
            request.changedPropertyNames[snapshot.persistentIdentifier] = Set(snapshot.values.keys.filter { snapshot.values[$0] != known.values[$0] })
        }
        var deletedByCascade: [PersistentIdentifier] = []
        let result = try customStore.save(request, of: SavedModels(inserted: inserted, updated: updated, deleted: deleted),
                                          deletedByCascade: &deletedByCascade)

        // The store saved: the context now matches it.
        var remapped = result.remappedIdentifiers
        for (model, snapshot) in zip(inserted, insertedSnapshots) {
            let temporary = snapshot.persistentIdentifier
            let permanent = remapped[temporary] ?? Self.keptIdentifier(temporary, customStore)
            remapped[temporary] = permanent
            model._$backingState.rowID = permanent.rowID
            model._$backingState.status = .persistent
            registry(for: type(of: model)).models[permanent.rowID] = model
        }
        for snapshot in insertedSnapshots + updatedSnapshots {
            let id = remapped[snapshot.persistentIdentifier] ?? snapshot.persistentIdentifier
            customSnapshots[id] = snapshot.copy(persistentIdentifier: id, remappedIdentifiers: remapped)
        }
        for model in deleted + self.deleted {
            customSnapshots[model.persistentModelID] = nil
            registry(for: type(of: model)).models[model._$backingState.rowID] = nil
            model._$backingState.status = .detached
            model._$backingState.isChanged = false
            model._$backingState.context = nil
        }
        // The snapshots read of children the store deleted with their parents name rows that are gone.
        for id in deletedByCascade { customSnapshots[id] = nil }
        for model in self.changed { model._$backingState.isChanged = false }
        // Live queries wait on the container's (empty) SQLite store: it tells them.
        store.changes.didCommit(touching: pendingEntityNames)
        self.inserted.removeAll()
        self.changed.removeAll()
        self.deleted.removeAll()
        clearPending()
        toManyChanges.removeAll()
        toManyChangeKeys.removeAll()
        pendingStoreCascades.removeAll()
        deleteRulesAppliedCount = 0
        for (id, snapshot) in result.snapshotsToReregister {
            customSnapshots[id] = snapshot
            if let model = registries.values.lazy.compactMap({ $0.models[id.rowID] as? any PersistentModel })
                .first(where: { $0.persistentModelID == id }) {
                _ = try reregister(model, snapshot)
            }
        }
        try resendRemappedRelationships(insertedSnapshots + updatedSnapshots, remapped: result.remappedIdentifiers,
                                         models: inserted + updated, customStore)
        postNotification(ModelContext.didSave, inserted: inserted, changed: updated, deleted: deleted, deletedInStore: deletedByCascade)
    }

    /// A deleted model as the store has it: the snapshot it was read from, unless it
    /// changed since. Made from the model instead, it would load each relationship the
    /// context never read (the children a store cascade deletes), a request per model.
    private func deletedSnapshot(_ model: any PersistentModel) throws -> DefaultSnapshot {
        if !model._$backingState.isChanged, let known = customSnapshots[model.persistentModelID] { return known }
        return try DefaultSnapshot(from: model)
    }

    /// A store that gave an inserted model no identifier keeps it under its temporary one.
    private static func keptIdentifier(_ temporary: PersistentIdentifier, _ customStore: any CustomStore) -> PersistentIdentifier {
        Log.logger.warning("the data store \(customStore.name) gave the inserted \(temporary.entityName) no permanent identifier; it keeps \(temporary)")
        let rowID = PrimaryKeyRegistry.rowID(store: customStore.identifier, entity: temporary.entityName, primaryKey: temporary.description)
        return PersistentIdentifier(entityName: temporary.entityName, storeIdentifier: customStore.identifier, rowID: rowID)
    }

    /// The store saw the temporary identifiers of models inserted by the same save in
    /// the relationships of the snapshots it was sent, and a store need not replace
    /// them (the WWDC24 JSON store does not): the models that hold any are sent again,
    /// as updates with the permanent identifiers. Should that fail, they stay changed,
    /// so that the next save sends them again.
    private func resendRemappedRelationships(_ snapshots: [DefaultSnapshot], remapped: [PersistentIdentifier: PersistentIdentifier],
                                             models: [any PersistentModel], _ customStore: any CustomStore) throws {
        guard !remapped.isEmpty, !customStore.resolvesInsertedIdentifiers else { return }
        let temporary = Set(remapped.keys)
        let holders = zip(snapshots, models).filter { snapshot, _ in snapshot.relatedIdentifiers.contains(where: temporary.contains) }.map(\.1)
        guard !holders.isEmpty else { return }
        do {
            var deletedByCascade: [PersistentIdentifier] = []
            _ = try customStore.save(DataStoreSaveChangesRequest(editingState: editingState, inserted: [],
                                                                 updated: try holders.map(DefaultSnapshot.init(from:)), deleted: []),
                                     of: SavedModels(updated: holders), deletedByCascade: &deletedByCascade)
        } catch {
            for model in holders { registerChange(model) }
            throw error
        }
    }

    /// Gives a registered model without unsaved changes the values of a snapshot.
    private func reregister(_ model: any PersistentModel, _ snapshot: DefaultSnapshot) throws -> any PersistentModel {
        func open<M: PersistentModel>(_ model: M) throws -> any PersistentModel {
            try register(M.self, [snapshot]).first ?? model
        }
        return try open(model)
    }
}
