import Foundation

// The runtime half of every persisted property's getter and setter. Overloads on
// the property's type select attribute or relationship behaviour at compile time.

extension PersistentModel {
    // MARK: Resolving values not yet in memory

    /// An attribute that was not fetched, or never set.
    public func _$resolve<Value>(_ keyPath: ReferenceWritableKeyPath<Self, Value>,
                                 _ storage: _PersistedStorage<Value>) -> Value {
        guard _$backingState.rowID > 0 else {
            // The engine sets a property through its key path, which Swift does by
            // reading it first: a property never given a value (a model made by
            // `init(backingData:)`) gives its stand-in, which the write replaces.
            if !_PropertyObservers.areRunning { return Self._$standIn(for: keyPath) }
            preconditionFailure("\(Self.self).\(Self._$propertyName(keyPath)) was read before it was given a value; set it in the initialiser or give it a default")
        }
        guard let context = _$backingState.context else {
            Log.logger.error("\(Self.self).\(Self._$propertyName(keyPath)) reads as a stand-in value: the model was deleted or replaced by a save before this attribute was loaded")
            return Self._$standIn(for: keyPath)
        }
        return context.loadAttribute(of: self, keyPath)
    }

    /// An optional to-one relationship.
    public func _$resolve<Destination: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Self, Destination?>,
                                                        _ storage: _PersistedStorage<Destination?>) -> Destination? {
        switch storage {
        case .loaded(let value): return value
        case .fault(let rowID): return _$readingContext(keyPath)?.resolveFault(Destination.self, rowID: rowID)
        case .unloaded:
            guard _$backingState.rowID > 0 else { return nil }
            return _$readingContext(keyPath)?.loadToOne(of: self, keyPath)
        }
    }

    /// A to-one relationship that must have a value.
    public func _$resolve<Destination: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Self, Destination>,
                                                        _ storage: _PersistedStorage<Destination>) -> Destination {
        let name = Self._$propertyName(keyPath)
        switch storage {
        case .loaded(let value): return value
        case .fault(let rowID):
            if let value = _$backingState.context?.resolveFault(Destination.self, rowID: rowID) { return value }
            return _$missingRequired(keyPath, rowID: rowID)
        case .unloaded:
            guard _$backingState.rowID > 0 else {
                // The engine sets a relationship through its key path, which Swift does by
                // reading it first: a model made by name (as a download makes one) has
                // none yet, and the write replaces the stand-in read here.
                if !_PropertyObservers.areRunning, let standIn = ModelContext.standIn(Destination.self, rowID: 0) { return standIn }
                preconditionFailure("\(Self.self).\(name) was read before it was given a value; set it in the initialiser")
            }
            if let value = _$backingState.context?.loadToOne(of: self, keyPath) as Destination? { return value }
            return _$missingRequired(keyPath, rowID: 0)
        }
    }

    /// A to-many relationship.
    public func _$resolve<Destination: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Self, [Destination]>,
                                                        _ storage: _PersistedStorage<[Destination]>) -> [Destination] {
        if case .loaded(let value) = storage { return value }
        guard _$backingState.rowID > 0, let context = _$readingContext(keyPath) else { return [] }
        return context.loadToMany(of: self, keyPath)
    }

    /// An optional to-many relationship.
    public func _$resolve<Destination: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Self, [Destination]?>,
                                                        _ storage: _PersistedStorage<[Destination]?>) -> [Destination]? {
        if case .loaded(let value) = storage { return value }
        guard _$backingState.rowID > 0, let context = _$readingContext(keyPath) else { return nil }
        return context.loadToMany(of: self, keyPath)
    }

    /// Whether the property has a value to give an observer as the old one: set, or
    /// stored in the model's row. A property an initialiser sets for the first time has none.
    @inlinable
    public func _$hasValue<Value>(_ storage: _PersistedStorage<Value>) -> Bool {
        if case .unloaded = storage { return _$backingState.rowID > 0 }
        return true
    }

    // MARK: After a value is set

    /// An attribute: the model now has changes. A model in no context (a new model's
    /// initialiser sets its properties) has none to record, and its setter makes no
    /// key path: `keyPath` is made only when it is used.
    @inlinable
    public func _$didSet<Value>(_ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Self, Value>,
                                from oldValue: _PersistedStorage<Value>, to newValue: Value) {
        guard let context = _$backingState.context else { return }
        if context.undoManager != nil { context.registerUndoOfSet(self, keyPath(), from: oldValue) }
        _$markChanged(keyPath())
    }

    public func _$didSet<Destination: PersistentModel>(_ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Self, Destination?>,
                                                       from oldValue: _PersistedStorage<Destination?>, to newValue: Destination?) {
        let keyPath = keyPath()
        _$markChanged(keyPath)
        let old = _$resolve(keyPath, oldValue)
        if let context = _$backingState.context, context.undoManager != nil { context.registerUndoOfSet(self, keyPath, from: old) }
        // The same model again changes no membership: the inverse keeps it where it is.
        if old === newValue { return }
        _$relationshipDidChange(keyPath, removed: old.map { [$0] } ?? [], added: newValue.map { [$0] } ?? [])
    }

    public func _$didSet<Destination: PersistentModel>(_ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Self, Destination>,
                                                       from oldValue: _PersistedStorage<Destination>, to newValue: Destination) {
        let keyPath = keyPath()
        _$markChanged(keyPath)
        let old: Destination? = if case .unloaded = oldValue, _$backingState.rowID <= 0 { nil } else { _$resolve(keyPath, oldValue) }
        if let old, let context = _$backingState.context, context.undoManager != nil { context.registerUndoOfSet(self, keyPath, from: old) }
        if old === newValue { return }
        _$relationshipDidChange(keyPath, removed: old.map { [$0] } ?? [], added: [newValue])
    }

    /// A to-many relationship holds a model at most once, as in SwiftData: appending a
    /// member again (the inverse's setter may already have added it) changes nothing.
    public func _$didSet<Destination: PersistentModel>(_ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Self, [Destination]>,
                                                       from oldValue: _PersistedStorage<[Destination]>, to newValue: [Destination]) {
        let keyPath = keyPath()
        if let context = _$backingState.context, context.undoManager != nil {
            context.registerUndoOfSet(self, keyPath, from: _$resolve(keyPath, oldValue))
        }
        _$markChanged(keyPath)
        if case .loaded(let old) = oldValue, ModelReferences.areTheSameArray(old, newValue) { return }
        if case .loaded(let old) = oldValue, let member = Self._$appendedMember(old, newValue) {
            return _$toManyDidAppend(keyPath, member)
        }
        let members = Self._$distinct(newValue)
        _$toManyDidChange(keyPath, old: _$resolve(keyPath, oldValue), new: members)
        if members.count != newValue.count { _PropertyObservers.suppressing { self[keyPath: keyPath] = members } }
    }

    public func _$didSet<Destination: PersistentModel>(_ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Self, [Destination]?>,
                                                       from oldValue: _PersistedStorage<[Destination]?>, to newValue: [Destination]?) {
        let keyPath = keyPath()
        if let context = _$backingState.context, context.undoManager != nil {
            context.registerUndoOfSet(self, keyPath, from: _$resolve(keyPath, oldValue))
        }
        _$markChanged(keyPath)
        if case .loaded(let old?) = oldValue, let newValue, ModelReferences.areTheSameArray(old, newValue) { return }
        if case .loaded(let old?) = oldValue, let newValue, let member = Self._$appendedMember(old, newValue) {
            return _$toManyDidAppend(keyPath, member)
        }
        let members = Self._$distinct(newValue ?? [])
        _$toManyDidChange(keyPath, old: _$resolve(keyPath, oldValue) ?? [], new: members)
        if let newValue, members.count != newValue.count { _PropertyObservers.suppressing { self[keyPath: keyPath] = members } }
    }

    /// The one model `new` adds at the end of `old`, when that is the whole change and
    /// the model is not already a member; nil otherwise.
    ///
    /// Appending is how relationships grow (and how inverses are kept), so it is
    /// checked on the references' bits (`ModelReferences`): the general diff hashes
    /// both arrays, which made building a relationship of n members cost n² hashes.
    static func _$appendedMember<Destination: PersistentModel>(_ old: [Destination], _ new: [Destination]) -> Destination? {
        guard new.count == old.count + 1, let member = new.last,
              ModelReferences.hasPrefix(new, old), ModelReferences.lastIndex(of: member, in: old) == nil else { return nil }
        return member
    }

    /// The models in their first positions, each once.
    static func _$distinct<Destination: PersistentModel>(_ models: [Destination]) -> [Destination] {
        guard models.count > 1 else { return models }
        var seen = Set<ObjectIdentifier>(minimumCapacity: models.count)
        return models.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Registers the model as changed in its context, with the property that changed.
    @inlinable
    public func _$markChanged(_ keyPath: AnyKeyPath) {
        if _$backingState.status == .persistent { _$backingState.context?.registerChange(self, of: keyPath) }
    }

    /// Appends a model the to-many relationship does not hold, in place: the inverse of
    /// a to-one grows its to-many this way, one member at a time, and copying the array
    /// for each made a relationship of n members cost n² retains (Trendy's import of
    /// 100,000 events into a few types). False when it cannot: the relationship is not
    /// in memory, or undo needs the array as it was.
    func _$appendInPlace<Destination: PersistentModel>(_ member: Destination, to keyPath: ReferenceWritableKeyPath<Self, [Destination]>,
                                                       storage: ReferenceWritableKeyPath<Self, _PersistedStorage<[Destination]>>) -> Bool {
        if let context = _$backingState.context, context.undoManager != nil { return false }
        guard self[keyPath: storage]._$appendInPlace(member), case .loaded(let members) = self[keyPath: storage] else { return false }
        // Set again to the same array, for observers: `_$didSet` sees the same array and stops.
        self[keyPath: keyPath] = members
        _$toManyDidAppend(keyPath, member)
        return true
    }

    /// Records a model appended to a to-many relationship that is not in memory,
    /// instead of loading every member stored (see `ModelContext+Appends`). False when
    /// it cannot: the relationship is loaded, or its context or store needs the members.
    func _$appendWithoutLoading<Destination: PersistentModel, Value>(_ member: Destination, to keyPath: AnyKeyPath,
                                                                     storage: ReferenceWritableKeyPath<Self, _PersistedStorage<Value>>) -> Bool {
        guard case .unloaded = self[keyPath: storage], let context = _$backingState.context,
              let relationship = Self._$entity.storedPropertiesByKeyPath[keyPath]?.relationship,
              context.appendsWithoutLoading(self, relationship) else { return false }
        context.recordAppend(member, to: self, relationship)
        _$markChanged(keyPath)
        _$toManyDidAppend(keyPath, member)
        return true
    }

    /// `_$appendInPlace` for an optional to-many relationship.
    func _$appendInPlace<Destination: PersistentModel>(_ member: Destination, to keyPath: ReferenceWritableKeyPath<Self, [Destination]?>,
                                                       storage: ReferenceWritableKeyPath<Self, _PersistedStorage<[Destination]?>>) -> Bool {
        if let context = _$backingState.context, context.undoManager != nil { return false }
        guard self[keyPath: storage]._$appendInPlace(member), case .loaded(let members?) = self[keyPath: storage] else { return false }
        self[keyPath: keyPath] = members
        _$toManyDidAppend(keyPath, member)
        return true
    }

    /// Takes a member out of a to-many relationship in place: the inverse of a to-one
    /// shrinks its to-many this way when a member moves to another model, where the setter's
    /// diff of the whole array for each would make moving n members cost n². The setter is
    /// left to the caller (`needsTheSetter`) when the relationship is not in memory or undo
    /// needs the array as it was; a model that is not a member needs nothing.
    func _$removeInPlace<Destination: PersistentModel>(_ member: Destination, from keyPath: ReferenceWritableKeyPath<Self, [Destination]>,
                                                       storage: ReferenceWritableKeyPath<Self, _PersistedStorage<[Destination]>>) -> InPlaceRemoval {
        if let context = _$backingState.context, context.undoManager != nil { return .needsTheSetter }
        let removal = self[keyPath: storage]._$removeInPlace(member)
        guard removal == .removed, case .loaded(let members) = self[keyPath: storage] else { return removal }
        // Set again to the same array, for observers: `_$didSet` sees the same array and stops.
        self[keyPath: keyPath] = members
        _$toManyDidRemove(keyPath, member)
        return .removed
    }

    /// `_$removeInPlace` for an optional to-many relationship.
    func _$removeInPlace<Destination: PersistentModel>(_ member: Destination, from keyPath: ReferenceWritableKeyPath<Self, [Destination]?>,
                                                       storage: ReferenceWritableKeyPath<Self, _PersistedStorage<[Destination]?>>) -> InPlaceRemoval {
        if let context = _$backingState.context, context.undoManager != nil { return .needsTheSetter }
        let removal = self[keyPath: storage]._$removeInPlace(member)
        guard removal == .removed, case .loaded(let members?) = self[keyPath: storage] else { return removal }
        self[keyPath: keyPath] = members
        _$toManyDidRemove(keyPath, member)
        return .removed
    }

    /// One member taken out of a to-many relationship.
    private func _$toManyDidRemove<Destination: PersistentModel>(_ keyPath: AnyKeyPath, _ member: Destination) {
        if let context = _$backingState.context, let relationship = Self._$entity.storedPropertiesByKeyPath[keyPath]?.relationship {
            context.registerToManyChange(self, relationship)
        }
        _$relationshipDidChange(keyPath, removed: [member], added: [])
    }

    /// One new member at the end of a to-many relationship.
    private func _$toManyDidAppend<Destination: PersistentModel>(_ keyPath: AnyKeyPath, _ member: Destination) {
        if let context = _$backingState.context {
            if let relationship = Self._$entity.storedPropertiesByKeyPath[keyPath]?.relationship {
                context.registerToManyChange(self, relationship)
            }
            if member._$backingState.context == nil { context.insert(member) }
        }
        _$relationshipDidChange(keyPath, removed: [], added: [member])
    }

    private func _$toManyDidChange<Destination: PersistentModel>(_ keyPath: AnyKeyPath, old: [Destination], new: [Destination]) {
        let oldIDs = Set(old.map(ObjectIdentifier.init))
        let newIDs = Set(new.map(ObjectIdentifier.init))
        let removed = old.filter { !newIDs.contains(ObjectIdentifier($0)) }
        let added = new.filter { !oldIDs.contains(ObjectIdentifier($0)) }
        if let context = _$backingState.context, let relationship = Self._$entity.storedPropertiesByKeyPath[keyPath]?.relationship {
            context.registerToManyChange(self, relationship)
        }
        // A model added to a relationship of a registered model joins its context.
        if let context = _$backingState.context {
            for model in added where model._$backingState.context == nil { context.insert(model) }
        }
        _$relationshipDidChange(keyPath, removed: removed, added: added)
    }

    /// Keeps the inverse relationship in step, through the related models' own setters.
    private func _$relationshipDidChange(_ keyPath: AnyKeyPath, removed: [AnyObject], added: [AnyObject]) {
        guard let relationship = Self._$entity.storedPropertiesByKeyPath[keyPath]?.relationship else { return }
        if relationship.isToOneRelationship, let context = _$backingState.context {
            for model in added {
                if let model = model as? any PersistentModel, model._$backingState.context == nil { context.insert(model) }
            }
        }
        guard let inverse = relationship.inverse else { return }
        let joinsAsNew = relationship.isToOneRelationship && inverse.access.addNew != nil && isKnownNotToBeAMember
        let upkeep = {
            for model in removed where Self.hasSideInReach(model, inverse) { inverse.access.remove(model, self) }
            for model in added {
                if joinsAsNew, let addNew = inverse.access.addNew, (model as? any PersistentModel)?._$backingState.context != nil {
                    addNew(model, self)
                } else {
                    inverse.access.add(model, self)
                }
            }
        }
        if let context = _$backingState.context { context.withoutUndoRegistration(upkeep) } else { upkeep() }
    }

    /// Whether the inverse upkeep can reach this model's side of the relationship: a model
    /// that left its context (deleted, or replaced by a save) before that side was loaded
    /// holds no member in memory and has no context to load them from, so there is
    /// nothing to take this model out of.
    private static func hasSideInReach(_ model: AnyObject, _ inverse: Schema.Relationship) -> Bool {
        guard let model = model as? any PersistentModel, model._$backingState.context == nil,
              let membersInMemory = inverse.access.membersInMemory else { return true }
        return membersInMemory(model) != nil
    }

    /// Whether this model, whose to-one relationship a program just set to a model it
    /// did not refer to, is surely not yet a member of that model's inverse to-many:
    /// the inverses move together whenever a program sets either side, so only an
    /// engine write (undo, a refresh, the inverse's own upkeep, which set with the
    /// observers off) or a row in the store could have made it one, and a model never
    /// saved has no row. The owner must be in a context, whose insert joined what its
    /// initialiser set before the model was whole.
    private var isKnownNotToBeAMember: Bool {
        switch _$backingState.status {
        case .new, .inserted: _PropertyObservers.areRunning
        case .persistent, .deleted, .detached: false
        }
    }

    /// A required to-one whose model another context or process deleted: a stand-in
    /// (see `ModelContext.standIn`), and the context's next save or fetch throws. A
    /// model that left its context (deleted or replaced by a save) before the
    /// relationship was loaded has no context to ask: it gets a stand-in too, logged.
    private func _$missingRequired<Destination: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Self, Destination>,
                                                                 rowID: Int64) -> Destination {
        let name = Self._$propertyName(keyPath)
        if let context = _$backingState.context {
            context.noteLoadFailure(.corruptValue(entity: Self._$entityName, property: name,
                                                  reason: "the \(Destination._$entityName) it refers to no longer exists, though the relationship is not optional"))
        } else {
            Log.logger.error("\(Self.self).\(name) reads as a stand-in: the model was deleted or replaced by a save before this relationship was loaded")
        }
        guard let hollow = ModelContext.standIn(Destination.self, rowID: rowID) else {
            preconditionFailure("\(Self.self).\(name) refers to a \(Destination.self) that cannot be read, and no stand-in \(Destination.self) can be made (see the error logged before this): give its attributes default values")
        }
        return hollow
    }

    /// The context for an optional relationship, or nil (logged) for a model that left
    /// its context, whose relationships then read as empty rather than stopping the program.
    func _$readingContext(_ keyPath: AnyKeyPath) -> ModelContext? {
        if let context = _$backingState.context { return context }
        Log.logger.warning("\(Self.self).\(Self._$propertyName(keyPath)) reads as empty: the model was deleted or replaced by a save before this relationship was loaded")
        return nil
    }

    static func _$propertyName(_ keyPath: AnyKeyPath) -> String {
        _$entity.storedPropertiesByKeyPath[keyPath]?.name ?? "\(keyPath)"
    }
}

/// Whether a persisted property's `willSet` and `didSet` run when it is set.
///
/// They run when user code sets the property, as in SwiftData. They do not run when
/// the engine sets it: refreshing or rolling back values, keeping an inverse in step,
/// or dropping duplicates from a to-many relationship; loading from the store sets the
/// storage directly and runs no setter at all. So observers never make a load look
/// like an edit.
public enum _PropertyObservers {
    private static let engineIsSetting = TaskLocal<Bool>(wrappedValue: false)

    /// Read by the generated setter of a property that has observers.
    public static var areRunning: Bool { !engineIsSetting.get() }

    /// Runs `body` (an engine write) with observers off.
    static func suppressing<Result>(_ body: () throws -> Result) rethrows -> Result {
        try engineIsSetting.withValue(true, operation: body)
    }
}

// The value read for a `let` property, which a model needs before its initialiser ends.
extension _PersistedStorage where Value: Decodable {
    public func _$constant(_ property: String, of entity: String) throws -> Value {
        guard case .loaded(let value) = self else {
            // A stand-in reads no column (see `ModelContext.standIn`): its constants are zeros too.
            if StandIn.isBuilding, let zero = StandInDecoder.value(of: Value.self) { return zero }
            throw OpenSwiftDataError.unsupportedQuery("\(entity).\(property) is declared with 'let', so every fetch must read it; add \\\(entity).\(property) to propertiesToFetch")
        }
        return value
    }
}

// A `let` relationship: the reader has the related row's key but no context to find
// its model in, so the model gets a placeholder for it, a stand-in of the destination
// holding the key, which its context replaces with the registered model once the
// fetch is done (see `ModelContext.resolveConstantRelationships`).
extension _PersistedStorage where Value: PersistentModel {
    public func _$constant(_ property: String, of entity: String) throws -> Value {
        try ConstantRelationship.placeholder(self, property, of: entity)
    }
}

extension _PersistedStorage where Value: PersistentModel & Decodable {
    public func _$constant(_ property: String, of entity: String) throws -> Value {
        try ConstantRelationship.placeholder(self, property, of: entity)
    }
}

extension _PersistedStorage {
    public func _$constant<Destination: PersistentModel>(_ property: String, of entity: String) throws -> Destination?
    where Value == Destination? {
        try ConstantRelationship.placeholder(self, property, of: entity)
    }

    public func _$constant<Destination: PersistentModel & Decodable>(_ property: String, of entity: String) throws -> Destination?
    where Value == Destination? {
        try ConstantRelationship.placeholder(self, property, of: entity)
    }

    @available(*, unavailable, message: "a to-many relationship cannot be declared with 'let'; declare it with 'var' (use 'private(set) var' to keep it read-only outside the class)")
    public func _$constant<Destination: PersistentModel>(_ property: String, of entity: String) throws -> [Destination]
    where Value == [Destination] { fatalError("unavailable") }

    @available(*, unavailable, message: "a to-many relationship cannot be declared with 'let'; declare it with 'var' (use 'private(set) var' to keep it read-only outside the class)")
    public func _$constant<Destination: PersistentModel>(_ property: String, of entity: String) throws -> [Destination]?
    where Value == [Destination]? { fatalError("unavailable") }
}

/// The placeholders of `let` relationships, and their replacement by the models they stand for.
enum ConstantRelationship {
    static func placeholder<Destination: PersistentModel>(_ storage: _PersistedStorage<Destination>, _ property: String,
                                                          of entity: String) throws -> Destination {
        switch storage {
        case .loaded(let model): return model
        case .fault(let key): return try placeholder(Destination.self, key: key, property, of: entity)
        case .unloaded:
            // No column holds the key (the second side of a one-to-one pair keeps none,
            // and a stand-in reads none): a placeholder of an unknown key.
            return try placeholder(Destination.self, key: 0, property, of: entity)
        }
    }

    static func placeholder<Destination: PersistentModel>(_ storage: _PersistedStorage<Destination?>, _ property: String,
                                                          of entity: String) throws -> Destination? {
        switch storage {
        case .loaded(let model): return model
        case .fault(let key): return try placeholder(Destination.self, key: key, property, of: entity)
        case .unloaded:
            if StandIn.isBuilding { return nil }
            return try placeholder(Destination.self, key: 0, property, of: entity)
        }
    }

    /// How many placeholders are being made inside one another: a stand-in's own
    /// `let` relationships get stand-ins too.
    @TaskLocal private static var nesting = 0

    /// A stand-in of the destination (see `ModelContext.standIn`) whose key is the related row's.
    private static func placeholder<Destination: PersistentModel>(_ type: Destination.Type, key: Int64, _ property: String,
                                                                  of entity: String) throws -> Destination {
        // Models whose non-optional `let`s refer to each other in a ring would need
        // stand-ins without end; no program can make such models, so no row holds them.
        guard nesting < 16 else {
            throw OpenSwiftDataError.corruptValue(entity: entity, property: property,
                                                  reason: "it is declared with 'let', and its \(Destination.self) refers through 'let' relationships back to it without end")
        }
        let made = $nesting.withValue(nesting + 1) { ModelContext.standIn(Destination.self, rowID: key) }
        guard let model = made else {
            throw OpenSwiftDataError.corruptValue(entity: entity, property: property,
                                                  reason: "it is declared with 'let', and the \(Destination.self) it refers to cannot be made before the model is (see the error logged before this): give the attributes of \(Destination.self) default values")
        }
        return model
    }

    /// The key of a placeholder made without one (see `ModelContext.standIn`).
    static let unknownKey = Int64.max

    /// Whether `model` is a placeholder, to be replaced by the model of its key.
    static func isPlaceholder(_ model: AnyObject) -> Bool {
        guard let model = model as? any PersistentModel else { return false }
        let state = model._$backingState
        return state.context == nil && state.status == .deleted && state.rowID > 0
    }
}

extension _ModelBackingState {
    /// Persistent, registered, and not yet in its context's changed set.
    @inlinable
    public var isTrackedAsUnchanged: Bool { status == .persistent && !isChanged }
}
