/// The storage behind one persisted property of a model.
///
/// `@Model` gives each persisted property a private peer of this type. A value is
/// `.loaded` once it has been set or read from the store; a to-one relationship read
/// from the store is a `.fault` holding the related row's primary key until first
/// access; anything else not yet known (a to-many relationship, a column left out by
/// `propertiesToFetch`, a property the initialiser never set) is `.unloaded`.
@frozen
public enum _PersistedStorage<Value> {
    case loaded(Value)
    case fault(Int64)
    case unloaded
}

extension _PersistedStorage {
    /// Appends to a loaded to-many relationship without copying its array: the array is
    /// taken out first, so that it is the only reference to its buffer. False when the
    /// relationship is not loaded.
    mutating func _$appendInPlace<Member>(_ member: Member) -> Bool where Value == [Member] {
        guard case .loaded(var members) = self else { return false }
        self = .unloaded
        members.append(member)
        self = .loaded(members)
        return true
    }

    /// `_$appendInPlace` for an optional to-many relationship; false when it is nil.
    mutating func _$appendInPlace<Member>(_ member: Member) -> Bool where Value == [Member]? {
        guard case .loaded(var members?) = self else { return false }
        self = .unloaded
        members.append(member)
        self = .loaded(members)
        return true
    }

    /// Takes `member` out of a loaded to-many relationship without copying its array, as
    /// `_$appendInPlace` adds one; nothing changes when it is not loaded or `member` is not
    /// one of its members.
    mutating func _$removeInPlace<Member: AnyObject>(_ member: Member) -> InPlaceRemoval where Value == [Member] {
        guard case .loaded(var members) = self else { return .needsTheSetter }
        guard let index = ModelReferences.lastIndex(of: member, in: members) else { return .notAMember }
        self = .unloaded
        members.remove(at: index)
        self = .loaded(members)
        return .removed
    }

    /// `_$removeInPlace` for an optional to-many relationship, of which nil has no members.
    mutating func _$removeInPlace<Member: AnyObject>(_ member: Member) -> InPlaceRemoval where Value == [Member]? {
        guard case .loaded(let loaded) = self else { return .needsTheSetter }
        guard var members = loaded, let index = ModelReferences.lastIndex(of: member, in: members) else { return .notAMember }
        self = .unloaded
        members.remove(at: index)
        self = .loaded(members)
        return .removed
    }
}

/// What taking a member out of a to-many relationship in place came to: done, nothing to do,
/// or a change its setter must make (the relationship is not loaded, or undo records it).
enum InPlaceRemoval {
    case removed
    case notAMember
    case needsTheSetter
}

/// Storage as a context that lets go of its models leaves it: a related model's
/// storage becomes a fault again (a to-one keeps its row's key, a to-many reloads on
/// access), so that models holding each other in memory do not keep each other alive
/// once their context is gone; anything else stays as it is. `@Model`'s
/// `_$faultRelationships()` calls `faulted` on every persisted property, and overload
/// resolution on the property's type picks the behaviour (every overload is generic,
/// so that the most specific one wins).
public enum _ModelFaulting {
    /// An attribute stays as it is.
    @inlinable
    public static func faulted<Value>(_ storage: _PersistedStorage<Value>) -> _PersistedStorage<Value> { storage }

    /// A related model becomes a fault on its row again.
    @inlinable
    public static func faulted<Destination: PersistentModel>(_ storage: _PersistedStorage<Destination>) -> _PersistedStorage<Destination> {
        guard case .loaded(let model) = storage, model._$backingState.rowID > 0 else { return storage }
        return .fault(model._$backingState.rowID)
    }

    /// An optional related model becomes a fault on its row again.
    @inlinable
    public static func faulted<Destination: PersistentModel>(_ storage: _PersistedStorage<Destination?>) -> _PersistedStorage<Destination?> {
        guard case .loaded(let model?) = storage, model._$backingState.rowID > 0 else { return storage }
        return .fault(model._$backingState.rowID)
    }

    /// Related models are unloaded, to be fetched again on access.
    @inlinable
    public static func faulted<Destination: PersistentModel>(_ storage: _PersistedStorage<[Destination]>) -> _PersistedStorage<[Destination]> {
        guard case .loaded = storage else { return storage }
        return .unloaded
    }

    /// Optional related models are unloaded, to be fetched again on access.
    @inlinable
    public static func faulted<Destination: PersistentModel>(_ storage: _PersistedStorage<[Destination]?>) -> _PersistedStorage<[Destination]?> {
        guard case .loaded = storage else { return storage }
        return .unloaded
    }
}
