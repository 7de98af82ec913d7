import Foundation

// The context's custom-store path: what a context does when its container's store is
// a custom `DataStore`. Each public entry point that reads or writes the store (fetch,
// fetchCount, fetchIdentifiers, model(for:), existingModel(for:), save, delete(model:where:),
// and the loading of relationships) branches here once, on `customStore`; the SQLite
// path is otherwise untouched. Models are made from snapshots by `SnapshotRowSource`.
extension ModelContext {
    // MARK: Fetching

    func fetchFromCustomStore<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, _ customStore: any CustomStore) throws -> [T] {
        let (result, filtersInMemory, sortsInMemory) = try requestSnapshots(descriptor, customStore)
        let entityName = T._$entityName
        var models = try register(T.self, result.fetchedSnapshots.filter { $0.persistentIdentifier.entityName == entityName })
        let mergesPendingChanges = descriptor.includePendingChanges && mergesPendingChanges(of: entityName)
        if mergesPendingChanges {
            var seen = Set(models.map(ObjectIdentifier.init))
            models.removeAll { $0._$backingState.status == .deleted || goesWithPendingStoreCascade($0) }
            for model in inserted + changed {
                if let model = model as? T, model._$backingState.status != .deleted, seen.insert(ObjectIdentifier(model)).inserted {
                    models.append(model)
                }
            }
        }
        if let predicate = descriptor.predicate {
            if filtersInMemory {
                models = try models.filter { try predicate.evaluate($0) }
            } else if mergesPendingChanges {
                // The store matched the saved values; models changed or inserted since are checked as they are now.
                models = try models.filter { model in
                    let state = model._$backingState
                    return state.status == .inserted || state.isChanged ? try predicate.evaluate(model) : true
                }
            }
        }
        if sortsInMemory || mergesPendingChanges, !descriptor.sortBy.isEmpty {
            models.sort(by: descriptor.sortBy)
        }
        if filtersInMemory || sortsInMemory {
            let offset = min(max(descriptor.fetchOffset ?? 0, 0), models.count)
            let end = descriptor.fetchLimit.map { min(offset + max($0, 0), models.count) } ?? models.count
            models = Array(models[offset..<end])
        } else if mergesPendingChanges, let limit = descriptor.fetchLimit, models.count > max(limit, 0) {
            models = Array(models.prefix(max(limit, 0)))
        }
        return models
    }

    /// True when the store's answer for the entity is not the context's: it has pending
    /// changes, or a pending store cascade will delete some of its models.
    private func mergesPendingChanges(of entityName: String) -> Bool {
        pendingEntityNames.contains(entityName) || goesWithPendingStoreCascades(entityName)
    }

    /// Sends the descriptor to the store; when the store prefers to leave the
    /// predicate or the sort to the context, sends it again without them (and
    /// without the window, which then applies after them).
    private func requestSnapshots<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, _ customStore: any CustomStore) throws
        -> (DataStoreFetchResult<T, DefaultSnapshot>, filtersInMemory: Bool, sortsInMemory: Bool) {
        var request = descriptor
        request.relationshipKeyPathsForPrefetching = []
        var filtersInMemory = false
        var sortsInMemory = false
        while true {
            do {
                let result = try customStore.fetch(DataStoreFetchRequest(descriptor: request, editingState: editingState))
                remember(result.relatedSnapshots.values)
                return (result, filtersInMemory, sortsInMemory)
            } catch DataStoreError.preferInMemoryFilter where !filtersInMemory {
                filtersInMemory = true
                request.predicate = nil
            } catch DataStoreError.preferInMemorySort where !sortsInMemory {
                sortsInMemory = true
                request.sortBy = []
            }
            request.fetchLimit = nil
            request.fetchOffset = nil
        }
    }

    func fetchCountFromCustomStore<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, _ customStore: any CustomStore) throws -> Int {
        if !(descriptor.includePendingChanges && mergesPendingChanges(of: T._$entityName)) {
            do {
                return try customStore.fetchCount(DataStoreFetchRequest(descriptor: descriptor, editingState: editingState))
            } catch DataStoreError.preferInMemoryFilter {
            } catch DataStoreError.preferInMemorySort {
            }
        }
        return try fetchFromCustomStore(descriptor, customStore).count
    }

    func fetchIdentifiersFromCustomStore<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, _ customStore: any CustomStore) throws
        -> [PersistentIdentifier] {
        if !(descriptor.includePendingChanges && mergesPendingChanges(of: T._$entityName)) {
            do {
                return try customStore.fetchIdentifiers(DataStoreFetchRequest(descriptor: descriptor, editingState: editingState))
            } catch DataStoreError.preferInMemoryFilter {
            } catch DataStoreError.preferInMemorySort {
            }
        }
        return try fetchFromCustomStore(descriptor, customStore).map(\.persistentModelID)
    }

    // MARK: Models from snapshots

    /// The models of the snapshots, in their order: a registered model is reused (and,
    /// when it has no unsaved changes, given the snapshot's values); any other is made
    /// from its snapshot and registered.
    func register<T: PersistentModel>(_ type: T.Type, _ snapshots: [DefaultSnapshot]) throws -> [T] {
        guard !snapshots.isEmpty else { return [] }
        remember(snapshots)
        let registry = registry(for: T.self)
        let entity = T._$entity
        let row = SnapshotRowSource(entity)
        var reader = _ModelReader(row: row, columns: row.columns, entityName: entity.name)
        var result: [T] = []
        result.reserveCapacity(snapshots.count)
        for snapshot in snapshots {
            row.load(snapshot)
            reader.property = 0
            let rowID = snapshot.persistentIdentifier.rowID
            if let existing = registry.models[rowID] {
                let model = unsafeDowncast(existing, to: T.self)
                try refresh(model, from: reader, entity: entity, generation: 0)
                result.append(model)
                continue
            }
            let model = try T(_$reader: &reader)
            var state = _ModelBackingState()
            state.context = self
            state.status = .persistent
            state.rowID = rowID
            model._$backingState = state
            registry.models[rowID] = model
            result.append(model)
        }
        return result
    }

    /// Keeps snapshots for the relationships of their models to resolve.
    private func remember<S: Sequence<DefaultSnapshot>>(_ snapshots: S) {
        for snapshot in snapshots { customSnapshots[snapshot.persistentIdentifier] = snapshot }
    }

    /// The snapshots of these identifiers of `T`: those this context holds, then those
    /// the store has cached, then those a fetch of the identifiers returns.
    private func snapshots<T: PersistentModel>(_ type: T.Type, _ identifiers: [PersistentIdentifier],
                                                 _ customStore: any CustomStore) throws -> [PersistentIdentifier: DefaultSnapshot] {
        var found: [PersistentIdentifier: DefaultSnapshot] = [:]
        var missing: [PersistentIdentifier] = []
        for id in identifiers {
            if let snapshot = customSnapshots[id] { found[id] = snapshot } else { missing.append(id) }
        }
        guard !missing.isEmpty else { return found }
        for (id, snapshot) in try customStore.cachedSnapshots(for: missing, editingState: editingState) {
            found[id] = snapshot
            customSnapshots[id] = snapshot
        }
        let wanted = missing.filter { found[$0] == nil }
        guard !wanted.isEmpty else { return found }
        let descriptor = FetchDescriptor<T>(predicate: #Predicate<T> { wanted.contains($0.persistentModelID) })
        let (result, _, _) = try requestSnapshots(descriptor, customStore)
        let wantedSet = Set(wanted)
        for snapshot in result.fetchedSnapshots + Array(result.relatedSnapshots.values) where wantedSet.contains(snapshot.persistentIdentifier) {
            found[snapshot.persistentIdentifier] = snapshot
        }
        return found
    }

    /// The models of these identifiers, in their order, leaving out those the store does not have.
    func models<T: PersistentModel>(_ type: T.Type, _ identifiers: [PersistentIdentifier], _ customStore: any CustomStore) throws -> [T] {
        let registry = registry(for: T.self)
        var missing: [PersistentIdentifier] = []
        for id in identifiers where id.rowID > 0 && registry.models[id.rowID] == nil { missing.append(id) }
        if !missing.isEmpty {
            let found = try snapshots(T.self, missing, customStore)
            _ = try register(T.self, missing.compactMap { found[$0] })
        }
        return identifiers.compactMap { id in
            if id.rowID <= 0 { return inserted.first { $0._$backingState.rowID == id.rowID } as? T }
            return registry.models[id.rowID].map { unsafeDowncast($0, to: T.self) }
        }
    }

    /// The model of a row of a custom store (nil when the store has none): a fault's
    /// destination, or `model(for:)`'s answer.
    func customStoreModel<T: PersistentModel>(_ type: T.Type, rowID: Int64, _ customStore: any CustomStore) throws -> T? {
        let id = PersistentIdentifier(entityName: T._$entityName, storeIdentifier: customStore.identifier, rowID: rowID)
        return try models(T.self, [id], customStore).first
    }

    // MARK: Relationships

    /// A to-one relationship read from the model's snapshot.
    func loadToOneFromCustomStore<M: PersistentModel, D: PersistentModel>(of model: M, _ keyPath: AnyKeyPath,
                                                                          _ customStore: any CustomStore) -> D? {
        guard let relationship = M._$entity.storedPropertiesByKeyPath[keyPath]?.relationship else { return nil }
        do {
            guard let id = try snapshots(M.self, [model.persistentModelID], customStore)[model.persistentModelID]?
                .identifier(forKey: relationship.name) else { return nil }
            return try models(D.self, [id], customStore).first
        } catch {
            Log.logger.error("cannot load \(M.self).\(relationship.name) from the data store \(customStore.name): \(error)")
            return nil
        }
    }

    /// A to-many relationship read from the model's snapshot, in its order.
    func loadToManyFromCustomStore<M: PersistentModel, D: PersistentModel>(of model: M, _ keyPath: AnyKeyPath,
                                                                           _ customStore: any CustomStore) -> [D] {
        guard let relationship = M._$entity.storedPropertiesByKeyPath[keyPath]?.relationship else { return [] }
        noteToManyLoaded(model, relationship)
        do {
            let ids = try snapshots(M.self, [model.persistentModelID], customStore)[model.persistentModelID]?
                .identifiers(forKey: relationship.name) ?? []
            return try models(D.self, ids, customStore)
        } catch {
            Log.logger.error("cannot load \(M.self).\(relationship.name) from the data store \(customStore.name): \(error)")
            return []
        }
    }

    /// Loads, in one request per relationship, the members of the to-many relationships
    /// whose delete rule acts when `models` are deleted: read model by model, a server
    /// store would answer one round trip per deleted model.
    func prefetchForDeletion(of models: [any PersistentModel], _ customStore: any CustomStore) {
        var byType: [ObjectIdentifier: [any PersistentModel]] = [:]
        for model in models where model._$backingState.rowID > 0 {
            byType[ObjectIdentifier(type(of: model)), default: []].append(model)
        }
        for group in byType.values {
            let modelType: any PersistentModel.Type = type(of: group[0])
            prefetchMembersForDeletion(modelType, group.map(\.persistentModelID), customStore)
        }
    }

    private func prefetchMembersForDeletion<T: PersistentModel>(_ type: T.Type, _ ids: [PersistentIdentifier], _ customStore: any CustomStore) {
        do {
            let snapshots = try snapshots(T.self, ids, customStore)
            for relationship in T._$entity.relationships
            where !relationship.isToOneRelationship && relationship.deleteRule != .noAction && !cascadesInStore(relationship) {
                let members = ids.flatMap { snapshots[$0]?.identifiers(forKey: relationship.name) ?? [] }
                guard !members.isEmpty, let destination = relationship.destinationType else { continue }
                try registerMembers(destination, members, customStore)
            }
        } catch {
            Log.logger.error("cannot load the relationships of deleted \(T.self) models from the data store \(customStore.name): \(error)")
        }
    }

    private func registerMembers<D: PersistentModel>(_ type: D.Type, _ ids: [PersistentIdentifier], _ customStore: any CustomStore) throws {
        _ = try models(D.self, ids, customStore)
    }

    // MARK: Batch delete

    /// Deletes in the store, through `DataStoreBatching`, every model of `T` the
    /// predicate selects, and lets go of the registered ones; false when the store
    /// does not batch (the caller then fetches and deletes).
    func batchDeleteInCustomStore<T: PersistentModel>(_ type: T.Type, where predicate: Predicate<T>?, includeSubclasses: Bool,
                                                      _ customStore: any CustomStore) throws -> Bool {
        let request = DataStoreBatchDeleteRequest(editingState: editingState, includeSubclasses: includeSubclasses, predicate: predicate)
        guard try customStore.batchDelete(request) else { return false }
        let registry = registry(for: T.self)
        for case let model as T in registry.models.values {
            guard try predicate?.evaluate(model) ?? true else { continue }
            registry.models[model._$backingState.rowID] = nil
            customSnapshots[model.persistentModelID] = nil
            changed.removeAll { $0 === model }
            model._$backingState.status = .detached
            model._$backingState.isChanged = false
            model._$backingState.context = nil
        }
        store.changes.didCommit(touching: [T._$entityName])
        return true
    }

    /// The error of an operation only the SQLite store offers.
    func unsupportedByCustomStore(_ operation: String) -> OpenSwiftDataError? {
        customStore.map { .unsupportedByCustomStore(store: $0.name, operation: operation) }
    }
}
