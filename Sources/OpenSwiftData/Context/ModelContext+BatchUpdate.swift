import Foundation

/// One assignment of a batch update: an attribute and its new value.
public struct PropertyUpdate<T: PersistentModel> {
    let keyPath: AnyKeyPath
    let value: Any
    let apply: (T) -> Void

    /// Sets the attribute at `keyPath` to `value`.
    public static func set<Value>(_ keyPath: ReferenceWritableKeyPath<T, Value>, to value: Value) -> PropertyUpdate<T> {
        PropertyUpdate(keyPath: keyPath, value: value, apply: { $0[keyPath: keyPath] = value })
    }
}

// A batch update (SwiftData has none): set attributes on every stored row a
// predicate matches with one UPDATE statement, then bring the models this context
// has registered up to date, without marking them changed.
extension ModelContext {
    /// Sets the given attributes on every saved model of the type that the predicate
    /// selects (all when nil), in one statement, and returns how many were updated.
    ///
    /// It acts on the store, as of now: unsaved inserts are not updated, and unsaved
    /// changes of updated models to other attributes stay pending. Registered models
    /// that were updated take the new values. When part of the predicate runs in
    /// Swift, the matching rows are found first and updated by identifier.
    @discardableResult
    public func update<T: PersistentModel>(_ type: T.Type = T.self, where predicate: Predicate<T>? = nil,
                                           set updates: [PropertyUpdate<T>]) throws -> Int {
        guard !updates.isEmpty else { return 0 }
        let entity = T._$entity
        var values: [(attribute: Schema.Attribute, value: StoredValue)] = []
        for update in updates {
            guard let property = entity.storedPropertiesByKeyPath[update.keyPath], let attribute = property.attribute else {
                throw OpenSwiftDataError.unsupportedQuery("update: \(update.keyPath) is not a persisted attribute of \(entity.name); relationships change through their models")
            }
            do {
                values.append((attribute, try attribute.codec.encode(update.value)))
            } catch {
                throw OpenSwiftDataError.invalidValue(entity: entity.name, property: property.name, reason: "\(error)")
            }
        }
        var descriptor = FetchDescriptor<T>(predicate: predicate)
        descriptor.includePendingChanges = false
        var updated = try store(of: T.self).batchUpdate(request(descriptor), keys: nil, setting: values, author: author)
        if updated == nil, let predicate {
            // Part of the predicate runs in Swift: the rows it selects are found first, and updated by key.
            let selected = try fetch(descriptor).filter { try predicate.evaluate($0) }
            updated = try store(of: T.self).batchUpdate(request(descriptor), keys: selected.map(\._$backingState.rowID), setting: values, author: author)
        }
        let updatedKeys = updated ?? []
        // Registered models take the stored values, without becoming changed.
        let registry = registry(for: T.self)
        for rowID in updatedKeys {
            guard let model = registry.models[rowID] as? T, model._$backingState.status == .persistent else { continue }
            let wasChanged = model._$backingState.isChanged
            // The store already holds the values: no observer runs, nothing to undo.
            withoutUndoRegistration { _PropertyObservers.suppressing { for update in updates { update.apply(model) } } }
            if !wasChanged && model._$backingState.isChanged {
                model._$backingState.isChanged = false
                changed.removeAll { $0 === model }
            }
        }
        return updatedKeys.count
    }
}
