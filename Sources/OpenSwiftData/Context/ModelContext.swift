import Foundation

/// Tracks changes to models and saves them to the container's store.
///
/// A context holds at most one instance per row (its identity map), keeps every
/// model it registers alive until it is saved and released, and hands all pending
/// inserts, changes and deletes of a `save()` to its store, which writes them in one
/// transaction.
///
/// A context is not thread-safe: use it from one task or actor. Contexts on one
/// container see each other's saved changes.
public final class ModelContext {
    /// The container, kept alive by the context; except by the container's
    /// ``ModelContainer/mainContext``, which the container keeps: the two would keep each
    /// other, and the store open, for ever. Once no one holds that container, its main
    /// context gives a container over the same stores, with itself as the main context.
    public var container: ModelContainer {
        switch containerLink {
        case .held(let container): container
        case .main(let link): link.container(over: stores, mainContext: self)
        }
    }
    private let containerLink: ContainerLink

    /// When true, changes are saved without an explicit `save()`.
    ///
    /// There is no UI run loop to save on here, so the rule is: the first change after
    /// a save schedules one save on the main actor for the main context, and on the
    /// next `fetch` for any other autosaving context; `processPendingChanges()` also
    /// saves. The container's `mainContext` autosaves; contexts you create do not
    /// unless you set this.
    @exclusivity(unchecked) public var autosaveEnabled = false
    /// Records the context's changes so they can be undone and redone (nil, the
    /// default, records nothing). See <doc:StorageAndBehaviour> for what one undo reverts.
    public var undoManager: UndoManager?
    /// The first read since the last save or fetch that could not load a value (see
    /// `ModelContext+LoadFailures.swift`).
    var deferredLoadFailure: OpenSwiftDataError?
    /// Fetched models whose `let` relationships hold placeholders (see
    /// `ModelContext+ConstantRelationships.swift`), and how many fetches are reading rows.
    var modelsWithPlaceholders: [any PersistentModel] = []
    var rowReadingDepth = 0
    var isResolvingPlaceholders = false

    /// Who saves through this context: each save's transaction in the store's
    /// history records it (see ``fetchHistory(_:)``), so that a reader can tell its
    /// own changes from others'.
    public var author: String?

    /// Whether a save runs ``ValidatingModel/validate()`` on what it writes. A sync's
    /// download turns it off: what another device saved is already on every device that
    /// synced, and refusing it here would stop every later download.
    package var validatesModels = true

    // Identity map: one registry of rows per entity.
    var registries: [ObjectIdentifier: Registry] = [:]

    // Pending changes, in the order they happened.
    var inserted: [any PersistentModel] = []
    var changed: [any PersistentModel] = []
    var deleted: [any PersistentModel] = []
    var toManyChanges: [ToManyChange] = []
    var toManyChangeKeys: Set<ToManyChange.Key> = []
    /// Members appended to to-many relationships not in memory (`ModelContext+Appends`).
    var pendingAppends: [ToManyChange.Key: PendingAppend] = [:]
    /// The entities of the models in `inserted`, `changed` and `deleted` (still
    /// including one whose change was undone before a save), noted as models join
    /// them, so that a fetch need not scan them: see `notePending(_:)`.
    private(set) var pendingEntityNames: Set<String> = []
    private var lastPendingType: ObjectIdentifier?
    /// The property the last setter named, as a place in its model type's properties:
    /// edits come in runs of one property of one type (`for p in people { p.age += 1 }`).
    private var lastChangedProperty: (keyPath: AnyKeyPath, type: ObjectIdentifier, index: Int?)?
    @exclusivity(unchecked) var autosaveScheduled = false
    /// The entity of the last inserted model's type, looked up once per run of inserts.
    var insertionEntities = EntityLookup()
    /// Set on the container's `mainContext`, whose autosave runs on the main actor.
    var isMainContext = false
    /// How many attribute values the merge rule has refreshed (see `refresh`): a live
    /// query compares it to tell that a fetch returned the same rows with new values.
    var refreshedValueCount = 0
    /// Serves the models of a released context (see `deinit`): they are read through
    /// it, but their edits are not saved, since no one can call its `save()`.
    var isSuccessor = false
    /// Models whose to-many relationship without an inverse is in memory, by
    /// relationship: deleting a model removes it from these, as the store does. Held
    /// weakly: a model moved to a successor keeps the successor, which would keep it.
    var loadedUnidirectionalToMany: [ObjectIdentifier: [ObjectIdentifier: WeakModel]] = [:]
    /// Cascades to children that no model in memory needs to see go: run as one
    /// delete per relationship at save (see `ModelStore.cascadesInStore`).
    var pendingStoreCascades: [StoreCascade] = []
    /// How many of `deleted` have had their delete rules applied.
    var deleteRulesAppliedCount = 0

    /// The container's stores: every read and write goes through the one that holds
    /// its entity (see ``ModelContainer/init(for:migrationPlan:configurations:)``).
    let stores: ContainerStores
    private let editingStateID = UUID()

    /// Who this context is to a custom ``DataStore``: sent with each of its requests.
    public var editingState: EditingState { EditingState(id: editingStateID, author: author) }

    /// A context on the container's store, with nothing registered and autosave off.
    public init(_ container: ModelContainer) {
        self.containerLink = .held(container)
        self.stores = container.stores
        for store in stores.all { store.contextDidOpen(editingState) }
    }

    /// The container's main context, which does not keep the container.
    init(mainOf container: ModelContainer) {
        self.containerLink = .main(MainContainerLink(container))
        self.stores = container.stores
        for store in stores.all { store.contextDidOpen(editingState) }
    }

    deinit {
        for store in stores.all { store.contextWillClose(editingState) }
        // A model that outlives its context keeps working: it moves to a successor
        // context on the same container, which it keeps alive (and which loads its
        // faults and relationships), so that it never points at this released one.
        // Unsaved changes are dropped, as a released context never saves them.
        // What this context holds besides its registry goes first, so that a model
        // no one else uses is seen to be unused.
        let unsaved = inserted + deleted
        inserted = []
        deleted = []
        changed = []
        toManyChanges = []
        pendingAppends = [:]
        loadedUnidirectionalToMany = [:]
        pendingStoreCascades = []
        for model in unsaved { model._$backingState.context = nil }
        // Related models held in memory become faults again: models that hold each
        // other would otherwise keep each other, and a successor, alive for ever.
        for registry in registries.values {
            guard let first = registry.models.values.first as? any PersistentModel,
                  !type(of: first)._$entity.relationships.isEmpty else { continue }
            for model in registry.models.values {
                guard let model = model as? any PersistentModel, model._$backingState.status == .persistent else { continue }
                model._$faultRelationships()
            }
        }
        var successor: ModelContext?
        for registry in registries.values {
            var models = registry.models.removeAllValues()
            for index in models.indices {
                // Only the array holds a model no one else uses: it goes with this context.
                if isKnownUniquelyReferenced(&models[index]) { continue }
                guard let model = models[index] as? any PersistentModel, model._$backingState.status == .persistent else { continue }
                let heir = successor ?? ModelContext(successorOf: self)
                successor = heir
                model._$backingState.context = heir
                model._$successorContext = heir
                model._$backingState.isChanged = false
            }
        }
    }

    /// The store that holds the entity's rows.
    @inline(__always)
    func store(of entity: Schema.Entity) -> any ModelStore { stores.store(of: entity.name) }

    /// The store that holds the rows of the model type.
    @inline(__always)
    func store<T: PersistentModel>(of type: T.Type) -> any ModelStore { stores.isSingle ? stores.first : stores.store(of: T._$entityName) }

    /// The context that takes over the models of a released context that are still in use.
    private convenience init(successorOf released: ModelContext) {
        switch released.containerLink {
        case .held(let container): self.init(container)
        // The released context is the main context of no container: the one that held it is gone.
        case .main(let link): self.init(link.container(over: released.stores, mainContext: nil))
        }
        isSuccessor = true
    }

    final class Registry {
        var models = IdentityMap()
    }

    /// A model, unless it has been released.
    struct WeakModel {
        weak var model: (any PersistentModel)?
    }

    struct ToManyChange {
        struct Key: Hashable {
            let model: ObjectIdentifier
            let relationship: ObjectIdentifier
        }
        let model: any PersistentModel
        let relationship: Schema.Relationship
    }

    /// The identity map of a model type's rows. The classes of a model hierarchy
    /// share their root's, as they share its table and its row ids.
    func registry(for type: any PersistentModel.Type) -> Registry {
        let key = ObjectIdentifier(Self.registryType(of: type))
        if let registry = registries[key] { return registry }
        let registry = Registry()
        registries[key] = registry
        return registry
    }

    /// The topmost model class above `type`: `type` itself unless it subclasses a model.
    @inline(__always)
    static func registryType(of type: any PersistentModel.Type) -> any PersistentModel.Type {
        var type = type
        while let parent = Schema.Entity.superModelType(of: type) { type = parent }
        return type
    }

    // MARK: Pending changes

    /// True when there are unsaved inserts, changes or deletes.
    public var hasChanges: Bool {
        !inserted.isEmpty || !deleted.isEmpty || changed.contains { $0._$backingState.isChanged } || !toManyChanges.isEmpty
    }

    /// The models inserted since the last save, not yet in the store.
    public var insertedModelsArray: [any PersistentModel] { inserted }
    /// The registered models with unsaved changes to their values.
    public var changedModelsArray: [any PersistentModel] {
        changed.filter { $0._$backingState.isChanged && $0._$backingState.status == .persistent }
    }
    /// The models marked for deletion at the next save.
    public var deletedModelsArray: [any PersistentModel] { deleted }

    /// Registers a model for insertion at the next save, with the models its
    /// relationships hold.
    public func insert<T: PersistentModel>(_ model: T) {
        let wasInserted = model._$backingState.status == .new || model._$backingState.status == .detached
        insertModel(model)
        if wasInserted, undoManager != nil, model._$backingState.context === self { registerUndoOfInsert(model) }
    }

    func insertModel(_ model: any PersistentModel) {
        // The state is read and written once: each access goes through the model's
        // conformance and is checked for exclusivity.
        var state = model._$backingState
        switch state.status {
        case .new, .detached:
            if let other = state.context, other !== self {
                Log.logger.warning("\(type(of: model)) is registered in another context; insert ignored")
                return
            }
            state.context = self
            state.status = .inserted
            state.isChanged = false
            if state.rowID >= 0 { state.rowID = PersistentIdentifier.nextTemporaryRowID() }
            model._$backingState = state
            // Unsaved models are not in the registry, which is keyed by saved rows; they are
            // found in `inserted` (see `registeredModel(for:)`).
            inserted.append(model)
            notePending(model)
            scheduleAutosave()
            let entity = insertionEntities.entity(of: model)
            guard !entity.relationships.isEmpty else { return }
            // Related models set before the insert join the context with it.
            for relationship in entity.relationships {
                for related in relationship.access.get(model) {
                    if let related = related as? any PersistentModel, related._$backingState.context == nil {
                        insertModel(related)
                    }
                }
                // An initialiser's assignment to a `let`, or to a `var` before the model was
                // whole (through its `init` accessor), ran no setter to keep the inverse in step.
                if let inverse = relationship.inverse, entity.initialisersMaySkipInverses {
                    withoutUndoRegistration {
                        for related in relationship.access.get(model) { inverse.access.add(related, model) }
                    }
                }
                // Only a non-empty to-many is written at insert: an insert that upserts onto
                // an existing row keeps that row's links, as it keeps its foreign-key children.
                if !relationship.isToOneRelationship, !relationship.access.get(model).isEmpty {
                    registerToManyChange(model, relationship)
                }
            }
        case .deleted:
            // Inserting a model marked for deletion keeps it.
            model._$backingState.status = .persistent
            deleted.removeAll { $0 === model }
        case .inserted, .persistent:
            break
        }
    }

    /// Marks a model for deletion at the next save. The delete rules of its
    /// relationships are applied when the context saves or processes pending changes.
    public func delete<T: PersistentModel>(_ model: T) {
        deleteModel(model)
    }

    func deleteModel(_ model: any PersistentModel) {
        guard model._$backingState.context === self else { return }
        switch model._$backingState.status {
        case .inserted:
            inserted.removeAll { $0 === model }
            model._$backingState.status = .deleted
            deleted.append(model)
        case .persistent:
            model._$backingState.status = .deleted
            deleted.append(model)
            notePending(model)
            scheduleAutosave()
        case .new, .deleted, .detached:
            return
        }
        if undoManager != nil { registerUndoOfDelete(model) }
    }

    /// Notes that a saved model changed in a way that names no property: its whole row
    /// is written at the next save.
    func registerChange(_ model: any PersistentModel) {
        guard track(model) else { return }
        model._$backingState.changedProperties = .all
    }

    /// Notes that the setter of the property at `keyPath` ran on a saved model: the
    /// next save writes that property's column (and those of the model's other changes).
    @usableFromInline
    func registerChange(_ model: any PersistentModel, of keyPath: AnyKeyPath) {
        guard track(model) else { return }
        if let index = propertyIndex(of: keyPath, in: type(of: model)) {
            model._$backingState.changedProperties.insert(index)
        } else {
            model._$backingState.changedProperties = .all
        }
    }

    /// Adds a saved model of this context to its changed models, once per save; false
    /// when its changes are not this context's to save.
    private func track(_ model: any PersistentModel) -> Bool {
        guard model._$backingState.context === self else { return false }
        if model._$backingState.isChanged { return true }
        if isSuccessor {
            Log.logger.warning("a \(type(of: model)) was changed after the ModelContext that fetched it was released; the change is not saved. Insert the model into a live context, or edit it through a context you keep, to save it")
            return false
        }
        model._$backingState.isChanged = true
        changed.append(model)
        notePending(model)
        scheduleAutosave()
        return true
    }

    private func propertyIndex(of keyPath: AnyKeyPath, in modelType: any PersistentModel.Type) -> Int? {
        let type = ObjectIdentifier(modelType)
        if let last = lastChangedProperty, last.keyPath === keyPath, last.type == type { return last.index }
        let index = modelType._$entity.storedPropertiesByKeyPath[keyPath]?.index
        lastChangedProperty = (keyPath, type, index)
        return index
    }

    /// Notes that `model`'s entity has pending changes. Runs of models of one type
    /// (an import, a loop of edits) look the entity up once.
    private func notePending(_ model: any PersistentModel) {
        let type = ObjectIdentifier(Swift.type(of: model))
        guard type != lastPendingType else { return }
        lastPendingType = type
        pendingEntityNames.insert(Swift.type(of: model)._$entityName)
    }

    /// Called once `inserted`, `changed` and `deleted` are empty again.
    func clearPending() {
        pendingEntityNames.removeAll()
        lastPendingType = nil
    }

    func registerToManyChange(_ model: any PersistentModel, _ relationship: Schema.Relationship) {
        guard model._$backingState.context === self else { return }
        noteToManyLoaded(model, relationship)
        let key = ToManyChange.Key(model: ObjectIdentifier(model), relationship: ObjectIdentifier(relationship))
        if toManyChangeKeys.insert(key).inserted {
            toManyChanges.append(ToManyChange(model: model, relationship: relationship))
        }
    }

    func noteToManyLoaded(_ model: any PersistentModel, _ relationship: Schema.Relationship) {
        guard relationship.inverse == nil else { return }
        loadedUnidirectionalToMany[ObjectIdentifier(relationship), default: [:]][ObjectIdentifier(model)] = WeakModel(model: model)
    }

    // MARK: Identity

    /// Whether the identifier's entity is `type`'s or one of its subentities: a
    /// `BusinessTrip`'s identifier finds it as a `Trip` too.
    func identifier<T: PersistentModel>(_ persistentModelID: PersistentIdentifier, isOf type: T.Type) -> Bool {
        let wanted = T._$entityName
        if wanted == persistentModelID.entityName { return true }
        var entity = EntityCatalog.entityIfDescribed(named: persistentModelID.entityName)
        while let current = entity {
            if current.name == wanted { return true }
            entity = current.superentity
        }
        return false
    }

    /// The registered model with this identifier, without touching the store.
    public func registeredModel<T: PersistentModel>(for persistentModelID: PersistentIdentifier) -> T? {
        guard identifier(persistentModelID, isOf: T.self) else { return nil }
        if persistentModelID.isTemporary {
            return inserted.first { $0._$backingState.rowID == persistentModelID.rowID } as? T
        }
        return registry(for: T.self).models[persistentModelID.rowID] as? T
    }

    /// The model with this identifier: the registered one, or else fetched from the store.
    ///
    /// When no row has the identifier (another context deleted it), SwiftData returns a
    /// model that stops the program when read. Here the model's properties read as
    /// stand-in values (each declared default, or the zero of its type) and empty
    /// relationships, the failure is logged, and this context's next `save()` or fetch
    /// throws ``OpenSwiftDataError/modelNotFound(_:)``. Use ``existingModel(for:)`` to
    /// learn at once whether the row exists.
    public func model(for persistentModelID: PersistentIdentifier) -> any PersistentModel {
        guard let entity = container.schema.entitiesByName[persistentModelID.entityName] else {
            preconditionFailure("\(persistentModelID.entityName) is not in this context's schema, so the identifier \(persistentModelID) belongs to another container: resolve it with a context of that container")
        }
        do {
            if let model = try fetchAnyModel(entity.modelType, rowID: persistentModelID.rowID, refreshing: true) { return model }
            noteLoadFailure(.modelNotFound(persistentModelID))
        } catch {
            noteLoadFailure(OpenSwiftDataError(explaining: error) ?? .modelNotFound(persistentModelID))
        }
        guard let hollow = hollowAnyModel(entity.modelType, rowID: persistentModelID.rowID) else {
            preconditionFailure("\(OpenSwiftDataError.modelNotFound(persistentModelID)) (see the error logged before this)")
        }
        return hollow
    }

    /// Fetches one model by identifier, nil when its row does not exist.
    public func existingModel<T: PersistentModel>(for persistentModelID: PersistentIdentifier) throws -> T? {
        guard identifier(persistentModelID, isOf: T.self) else { return nil }
        return try fetchModel(T.self, rowID: persistentModelID.rowID, refreshing: true)
    }

    // MARK: Autosave

    /// Runs for every change, so its two flags are read without Swift's run-time
    /// exclusivity check (two Bools: an overlapping access cannot tear them).
    func scheduleAutosave() {
        guard autosaveEnabled, !autosaveScheduled else { return }
        autosaveScheduled = true
        if isMainContext {
            let box = UnsafeContextBox(context: self)
            Task { @MainActor in box.context.autosave() }
        }
    }

    func autosave() {
        autosaveScheduled = false
        guard autosaveEnabled, hasChanges else { return }
        do { try save() } catch { Log.logger.error("autosave failed: \(error)") }
    }

    /// Runs `block`, then saves, as one transaction: from the block's start to the
    /// save, no other context or process writes to the store, so what the block read
    /// still holds when its changes are written (a name checked free is still free).
    ///
    /// Other writers wait for the block, as long as they wait for any lock
    /// (``OpenSwiftDataError/storeBusy(path:seconds:)`` past it): keep the block short.
    /// If the block throws, nothing it wrote to the store stays, and the context keeps
    /// its unsaved changes. A `save()` inside the block ends the transaction early: what
    /// follows it is saved as usual. On a custom ``DataStore`` the save is atomic, but
    /// nothing holds other writers off during the block.
    public func transaction(block: () throws -> Void) throws {
        try stores.exclusively(for: editingState) {
            try block()
            try save()
        }
    }
}

/// Moves the main context into the main actor's task that autosaves it.
private struct UnsafeContextBox: @unchecked Sendable {
    let context: ModelContext
}

/// Contexts are equal when they are the same context, as in SwiftData.
extension ModelContext: Equatable {
    /// Two contexts are equal when they are the same context.
    public static func == (lhs: ModelContext, rhs: ModelContext) -> Bool { lhs === rhs }
}
