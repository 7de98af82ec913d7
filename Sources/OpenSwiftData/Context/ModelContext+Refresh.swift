import Foundation

// The merge rule: a fetch (or `model(for:)`) that meets a registered model read
// before the store last changed gives it the stored values, unless the model has
// unsaved changes, which are kept and win at the next save.
extension ModelContext {
    /// Gives `model` the attribute values of the row `reader` is on, through the
    /// model's setters (so observers see each change), where they differ.
    ///
    /// Relationships are left as they are: a to-one or to-many already in memory
    /// keeps its members until the context is reset or the model is fetched anew in
    /// another context. A model with unsaved changes, or read with only some of its
    /// attributes (`propertiesToFetch`), is not refreshed.
    func refresh<T: PersistentModel>(_ model: T, from reader: _ModelReader, entity: Schema.Entity, generation: UInt64) throws {
        var state = model._$backingState
        guard state.isTrackedAsUnchanged, !state.isPartial else { return }
        // While its values change, the model is not tracked, so that the setters do
        // not register the refresh as an edit to save.
        model._$backingState.status = .detached
        defer {
            state.generation = generation
            model._$backingState = state
        }
        for property in entity.persistedProperties {
            guard let attribute = property.attribute else { continue }
            let column = reader.columns[property.index]
            guard column >= 0 else { continue }
            let stored = reader.storedValue(column)
            let current = try? attribute.codec.encode(attribute.access.get(model))
            if current == stored { continue }
            do {
                let value = try attribute.codec.decode(stored)
                // A store may keep JSON in a form of its own (PostgreSQL's jsonb spaces it out):
                // the values compare, not their texts.
                if attribute.codec.kind == .json, current == (try? attribute.codec.encode(value)) { continue }
                refreshedValueCount += 1
                withoutUndoRegistration { attribute.access.set(model, value) }
            } catch {
                throw OpenSwiftDataError.corruptValue(entity: entity.name, property: property.name,
                                                      reason: "the stored value is not \(ValueKindWords.words(for: attribute.codec.valueType))"
                                                          + (ValueKindWords.reason(error).map { ": " + $0 } ?? ""))
            }
        }
    }
}
