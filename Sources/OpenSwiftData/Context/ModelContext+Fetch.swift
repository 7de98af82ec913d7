import Foundation

extension ModelContext {
    /// The models the descriptor selects, in its order.
    ///
    /// The predicate and sort run in the store wherever it can express them (see
    /// `explain(_:)`); the rest runs in Swift on the rows the store returns. With
    /// `includePendingChanges` (the default), unsaved inserts, changes and
    /// deletions of this context are reflected.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        try throwDeferredLoadFailure()
        if autosaveEnabled, autosaveScheduled, !isMainContext { autosave() }
        // A fetch sees what pending deletions take with them, as SwiftData's does. A
        // `.deny` that refuses is left for `save()` to report.
        if descriptor.includePendingChanges, deleteRulesAppliedCount < deleted.count { try? applyDeleteRules() }
        var found = FetchedModels()
        let outcome = try withRegisteredModels(of: T.self) { registered in
            var materializer = RowMaterializer<T>(context: self)
            return try store(of: T.self).fetch(request(descriptor)) { row in
                if let model = try materializer.model(of: &row, registered: &registered) { found.append(model) }
            }
        }
        var models = found.array(of: T.self)
        if outcome.mergesPendingChanges {
            var seen = Set(models.map(ObjectIdentifier.init))
            models.removeAll { $0._$backingState.status == .deleted || goesWithPendingStoreCascade($0) }
            for model in inserted + changed {
                if let model = model as? T, model._$backingState.status != .deleted, seen.insert(ObjectIdentifier(model)).inserted {
                    models.append(model)
                }
            }
        }
        if let predicate = descriptor.predicate {
            if outcome.filtersInSwift {
                models = try models.filter { try predicate.evaluate($0) }
            } else if outcome.mergesPendingChanges {
                // The store matched the stored rows; models changed or inserted since are checked as they are now.
                models = try models.filter { model in
                    let state = model._$backingState
                    return state.status == .inserted || state.isChanged ? try predicate.evaluate(model) : true
                }
            }
        }
        if outcome.sortsInSwift, !descriptor.sortBy.isEmpty {
            models.sort(by: descriptor.sortBy)
        }
        if outcome.windowsInSwift {
            let offset = min(max(descriptor.fetchOffset ?? 0, 0), models.count)
            let end = descriptor.fetchLimit.map { min(offset + max($0, 0), models.count) } ?? models.count
            models = Array(models[offset..<end])
        }
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models)
        return models
    }

    /// How many models the descriptor selects, counted by the store when it can.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        if let count = try store(of: T.self).count(request(descriptor)) { return count }
        var unwindowed = descriptor
        unwindowed.relationshipKeyPathsForPrefetching = []
        return try fetch(unwindowed).count
    }

    /// The identifiers of the models the descriptor selects, without materialising
    /// them when the store alone answers.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        let store = store(of: T.self)
        guard let keys = try store.keys(request(descriptor)) else {
            var plain = descriptor
            plain.relationshipKeyPathsForPrefetching = []
            return try fetch(plain).map(\.persistentModelID)
        }
        let entityName = T._$entityName
        return keys.map { store.identifier(entityName: entityName, key: $0) }
    }

    /// How `fetch(descriptor)` will run: its SQL, and what it leaves to Swift and why.
    public func explain<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> FetchExplanation {
        try store(of: T.self).explain(request(descriptor))
    }

    /// The descriptor as this context asks its store for it: with the entities whose
    /// unsaved changes it must reflect.
    func request<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) -> StoreFetchRequest<T> {
        guard descriptor.includePendingChanges else { return StoreFetchRequest(descriptor: descriptor, editingState: editingState) }
        var pending = pendingEntityNames
        // Children a pending store cascade will delete are in the store, not in memory:
        // their fetch merges, so that they can be left out.
        for cascade in pendingStoreCascades {
            pending.insert(cascade.relationship.destination)
        }
        return StoreFetchRequest(descriptor: descriptor, pendingEntities: pending, editingState: editingState)
    }

    /// True when a pending delete's store cascade (see `cascadesInStore`) will delete
    /// models of the entity at the next save.
    func goesWithPendingStoreCascades(_ entityName: String) -> Bool {
        pendingStoreCascades.contains { $0.relationship.destination == entityName }
    }

    /// True when a pending delete's store cascade (see `cascadesInStore`) will delete
    /// `model` at the next save.
    func goesWithPendingStoreCascade(_ model: any PersistentModel) -> Bool {
        guard !pendingStoreCascades.isEmpty else { return false }
        let type = ObjectIdentifier(Swift.type(of: model))
        for cascade in pendingStoreCascades where ObjectIdentifier(cascade.relationship.destinationType) == type {
            guard let parent = cascade.relationship.inverse?.access.get(model).first as? any PersistentModel else { continue }
            if parent._$backingState.status == .deleted { return true }
        }
        return false
    }

    /// The model of a row: the registered one if this context holds it (refreshed
    /// first when `refreshing` and the store changed since it was read), else read
    /// from the store.
    func fetchModel<T: PersistentModel>(_ type: T.Type, rowID: Int64, refreshing: Bool = false) throws -> T? {
        guard rowID > 0 else {
            return inserted.first { $0._$backingState.rowID == rowID } as? T
        }
        if let registered = registry(for: T.self).models[rowID] {
            // A hierarchy's registry holds every class of it: a row of another class is not a `T`.
            guard let model = registered as? T else { return nil }
            guard refreshing, model._$backingState.isTrackedAsUnchanged else { return model }
        }
        return try models(T.self, keys: [rowID]).first
    }

    /// The models of rows of `T`, in the order of `keys`; a key with no row is left out.
    /// A registered model is reused (and refreshed as by a fetch).
    func models<T: PersistentModel>(_ type: T.Type, keys: [Int64], properties: [Int]? = nil) throws -> [T] {
        guard !keys.isEmpty else { return [] }
        var byKey: [Int64: T] = [:]
        byKey.reserveCapacity(keys.count)
        try withRegisteredModels(of: T.self) { registered in
            var materializer = RowMaterializer<T>(context: self)
            try store(of: T.self).fetchRows(of: T._$entity, keys: keys, properties: properties, editingState: editingState) { row in
                if let model = try materializer.model(of: &row, registered: &registered) { byKey[row.key] = model }
            }
        }
        return keys.compactMap { byKey[$0] }
    }

    /// Runs `body` with the registered models of `T`'s hierarchy taken out of their
    /// registry: a fetch mutates the map in place, without an exclusivity check per row.
    func withRegisteredModels<T: PersistentModel, Result>(of type: T.Type, _ body: (inout IdentityMap) throws -> Result) rethrows -> Result {
        let registry = registry(for: T.self)
        var registered = registry.models
        registry.models = IdentityMap()
        rowReadingDepth += 1
        defer {
            registry.models = registered
            rowReadingDepth -= 1
            if rowReadingDepth == 0, !modelsWithPlaceholders.isEmpty { resolveConstantRelationships() }
        }
        return try body(&registered)
    }

    func fetchAnyModel(_ type: any PersistentModel.Type, rowID: Int64, refreshing: Bool = false) throws -> (any PersistentModel)? {
        func open<M: PersistentModel>(_ type: M.Type) throws -> (any PersistentModel)? {
            try fetchModel(type, rowID: rowID, refreshing: refreshing)
        }
        return try open(type)
    }
}

/// What a store's rows become in a context: the registered model of a row (given the
/// row's values when the store changed since it was read and it has no unsaved
/// changes), or a new model made from the row and registered.
struct RowMaterializer<T: PersistentModel> {
    private unowned let context: ModelContext
    /// The state of every new model but its key, partiality and generation.
    private var state = _ModelBackingState()
    /// A registered model of the row's key may be of another class of `T`'s hierarchy.
    private let isHierarchy: Bool

    init(context: ModelContext) {
        self.context = context
        state.context = context
        state.status = .persistent
        let entity = T._$entity
        isHierarchy = entity.superentity != nil || !entity.subentities.isEmpty
    }

    /// The model of the row; nil for a row of a class that is not a `T`.
    @inline(__always)
    mutating func model(of row: inout StoreRow, registered models: inout IdentityMap) throws -> T? {
        if let existing = models[row.key] {
            guard let model = isHierarchy ? existing as? T : unsafeDowncast(existing, to: T.self) else { return nil }
            if model._$backingState.generation != row.generation {
                try context.refresh(model, from: row.reader, entity: row.entity, generation: row.generation)
            }
            return model
        }
        let model: T
        if !isHierarchy || row.entity === T._$entity {
            model = try T(_$reader: &row.reader)
        } else {
            guard let memberType = row.entity.modelType as? T.Type else { return nil }
            model = try memberType.init(_$reader: &row.reader)
        }
        state.rowID = row.key
        state.isPartial = row.isPartial
        state.generation = row.generation
        model._$backingState = state
        models[row.key] = model
        if !row.entity.constantRelationships.isEmpty { context.modelsWithPlaceholders.append(model) }
        return model
    }
}
