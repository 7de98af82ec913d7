import Foundation
import GRDB

/// One property's value as backing data keeps it, whatever its type: the untyped
/// form of `_PersistedStorage`.
enum BackingStorage {
    case loaded(Any)
    /// A to-one relationship read from the store: the related row's key.
    case fault(Int64)
    /// A to-many relationship not yet loaded, or an attribute left out of a fetch.
    case unloaded

    /// The models a relationship's value holds: one, none (nil) or an array, optional or not.
    static func models(in value: Any) -> [AnyObject] {
        if let optional = value as? any _OptionalType {
            guard let wrapped = optional._unwrapped else { return [] }
            return models(in: wrapped)
        }
        if let many = value as? [AnyObject] { return many }
        if let model = value as? any PersistentModel { return [model] }
        return []
    }
}

/// The backing data ``PersistentModel/createBackingData()`` makes: the values of a
/// model written the way Apple's `@Model` expands, by key path, with the model's
/// persistence state (`_$backingState`) beside them.
///
/// The model's own `getValue(forKey:)` and `setValue(forKey:to:)` (which know the
/// model) load what is missing and track changes; the protocol's methods here, which
/// Apple's expansion calls from `init` accessors before the model exists, only store
/// and read values.
final class StoredBackingData<Model: PersistentModel>: KeyPathBackingData {
    var values: [AnyKeyPath: BackingStorage] = [:]
    var state = _ModelBackingState()
    /// The model's `_$successorContext`.
    var successorContext: ModelContext?
    /// The model these values belong to, once it has used them.
    weak var owner: Model?

    init(for modelType: Model.Type) {}

    var persistentModelID: PersistentIdentifier? {
        get {
            if let owner { return owner.persistentModelID }
            return state.rowID > 0 ? PersistentIdentifier(entityName: Model._$entityName, storeIdentifier: nil, rowID: state.rowID) : nil
        }
        // The identifier follows the model's row; a store's identifier is assigned by the save that writes it.
        set {}
    }

    var metadata: Any { Model._$entity }

    // MARK: Typed storage

    /// The property's storage; a property never set holds its declared default, or
    /// nil when it is optional.
    func storage<Value>(_ keyPath: AnyKeyPath, as type: Value.Type = Value.self) -> _PersistedStorage<Value> {
        switch values[keyPath] ?? initialStorage(keyPath) {
        case .loaded(let value):
            if let value = value as? Value { return .loaded(value) }
            return .unloaded
        case .fault(let rowID): return .fault(rowID)
        case .unloaded: return .unloaded
        }
    }

    func setStorage<Value>(_ storage: _PersistedStorage<Value>, for keyPath: AnyKeyPath) {
        switch storage {
        case .loaded(let value): values[keyPath] = .loaded(value)
        case .fault(let rowID): values[keyPath] = .fault(rowID)
        case .unloaded: values[keyPath] = .unloaded
        }
    }

    private func initialStorage(_ keyPath: AnyKeyPath) -> BackingStorage {
        guard let property = Model._$entity.storedPropertiesByKeyPath[keyPath] else { return .unloaded }
        return Self.initialStorage(property)
    }

    static func initialStorage(_ property: StoredProperty) -> BackingStorage {
        if let attribute = property.attribute {
            if let value = attribute.defaultValue { return .loaded(value) }
            if attribute.isOptional, let none = (attribute.valueType as? any _OptionalType.Type)?._none { return .loaded(none) }
        } else if let relationship = property.relationship, relationship.isToOneRelationship, relationship.isOptional,
                  let none = (relationship.valueType as? any _OptionalType.Type)?._none {
            return .loaded(none)
        }
        return .unloaded
    }

    // MARK: Through the model: loading, change tracking, inverses

    func value<Value>(of model: Model, _ keyPath: KeyPath<Model, Value>) -> Value {
        owner = model
        let current: _PersistedStorage<Value> = storage(keyPath)
        if case .loaded(let value) = current { return value }
        guard let writable = keyPath as? ReferenceWritableKeyPath<Model, Value> else { return Self.standIn(keyPath) }
        let value = model._$resolve(writable, current)
        values[keyPath] = .loaded(value)
        return value
    }

    func model<Value: PersistentModel>(of model: Model, _ keyPath: KeyPath<Model, Value>) -> Value {
        owner = model
        let current: _PersistedStorage<Value> = storage(keyPath)
        if case .loaded(let value) = current { return value }
        guard let writable = keyPath as? ReferenceWritableKeyPath<Model, Value> else { return Self.standIn(keyPath) }
        let value = model._$resolve(writable, current)
        values[keyPath] = .loaded(value)
        return value
    }

    func model<Value: PersistentModel>(of model: Model, _ keyPath: KeyPath<Model, Value?>) -> Value? {
        owner = model
        let current: _PersistedStorage<Value?> = storage(keyPath)
        if case .loaded(let value) = current { return value }
        guard let writable = keyPath as? ReferenceWritableKeyPath<Model, Value?> else { return nil }
        let value = model._$resolve(writable, current)
        values[keyPath] = .loaded(value as Any)
        return value
    }

    func models<Value, Element: PersistentModel>(of model: Model, _ keyPath: KeyPath<Model, Value>, _ element: Element.Type) -> Value {
        owner = model
        if let writable = keyPath as? ReferenceWritableKeyPath<Model, [Element]> {
            let current: _PersistedStorage<[Element]> = storage(keyPath)
            if case .loaded(let value) = current, let value = value as? Value { return value }
            let value = model._$resolve(writable, current)
            values[keyPath] = .loaded(value)
            if let value = value as? Value { return value }
        } else if let writable = keyPath as? ReferenceWritableKeyPath<Model, [Element]?> {
            let current: _PersistedStorage<[Element]?> = storage(keyPath)
            if case .loaded(let value) = current, let value = value as? Value { return value }
            let value = model._$resolve(writable, current)
            values[keyPath] = .loaded(value as Any)
            if let value = value as? Value { return value }
        }
        return Self.standIn(keyPath)
    }

    func setValue<Value>(of model: Model, _ keyPath: KeyPath<Model, Value>, to newValue: Value) {
        owner = model
        let old: _PersistedStorage<Value> = storage(keyPath)
        values[keyPath] = .loaded(newValue)
        guard let writable = keyPath as? ReferenceWritableKeyPath<Model, Value> else { return }
        model._$didSet(writable, from: old, to: newValue)
    }

    func setModel<Value: PersistentModel>(of model: Model, _ keyPath: KeyPath<Model, Value>, to newValue: Value) {
        owner = model
        let old: _PersistedStorage<Value> = storage(keyPath)
        values[keyPath] = .loaded(newValue)
        guard let writable = keyPath as? ReferenceWritableKeyPath<Model, Value> else { return }
        model._$didSet(writable, from: old, to: newValue)
    }

    func setModel<Value: PersistentModel>(of model: Model, _ keyPath: KeyPath<Model, Value?>, to newValue: Value?) {
        owner = model
        let old: _PersistedStorage<Value?> = storage(keyPath)
        values[keyPath] = .loaded(newValue as Any)
        guard let writable = keyPath as? ReferenceWritableKeyPath<Model, Value?> else { return }
        model._$didSet(writable, from: old, to: newValue)
    }

    func setModels<Value, Element: PersistentModel>(of model: Model, _ keyPath: KeyPath<Model, Value>, to newValue: Value,
                                                    _ element: Element.Type) {
        owner = model
        if let writable = keyPath as? ReferenceWritableKeyPath<Model, [Element]>, let members = newValue as? [Element] {
            let old: _PersistedStorage<[Element]> = storage(keyPath)
            values[keyPath] = .loaded(members)
            model._$didSet(writable, from: old, to: members)
        } else if let writable = keyPath as? ReferenceWritableKeyPath<Model, [Element]?>, let members = newValue as? [Element]? {
            let old: _PersistedStorage<[Element]?> = storage(keyPath)
            values[keyPath] = .loaded(members as Any)
            model._$didSet(writable, from: old, to: members)
        } else {
            values[keyPath] = .loaded(newValue)
        }
    }

    /// A value for a property that holds none and cannot be loaded: its declared
    /// default or the zero of its type, as for a row that cannot be read.
    static func standIn<Value>(_ keyPath: KeyPath<Model, Value>) -> Value {
        let property = Model._$entity.storedPropertiesByKeyPath[keyPath]
        if let value = property?.attribute?.standInValue as? Value { return value }
        if let empty = [Any]() as? Value { return empty }
        if let none = (Value.self as? any _OptionalType.Type)?._none as? Value { return none }
        preconditionFailure("\(Model.self).\(property?.name ?? "\(keyPath)") was read before it was given a value, and \(Value.self) has no stand-in value; set it in the initialiser or give it a default")
    }

    // MARK: The protocol's methods (see KeyPathBackingData): values only

    func read<Value>(_ keyPath: KeyPath<Model, Value>) -> Value {
        if let owner { return owner[keyPath: keyPath] }
        if case .loaded(let value) = storage(keyPath, as: Value.self) { return value }
        return Self.standIn(keyPath)
    }

    func write<Value>(_ keyPath: KeyPath<Model, Value>, _ newValue: Value) {
        if let owner, let writable = keyPath as? ReferenceWritableKeyPath<Model, Value> {
            owner[keyPath: writable] = newValue
        } else {
            values[keyPath] = .loaded(newValue)
        }
    }
}
