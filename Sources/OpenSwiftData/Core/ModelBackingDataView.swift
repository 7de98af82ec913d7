import Foundation

/// The backing data of a `@Model` model: the model keeps its values in the typed
/// storage `@Model` generates, and this reads and writes them through the model's
/// own accessors (so observation, change tracking and inverses work as for any
/// assignment).
struct ModelBackingDataView<Model: PersistentModel>: KeyPathBackingData {
    let model: Model?

    init(model: Model) { self.model = model }

    /// A view of no model: it reads the declared defaults (or zeros) and keeps nothing.
    init(for modelType: Model.Type) { self.model = nil }

    var persistentModelID: PersistentIdentifier? {
        get { model?.persistentModelID }
        // The identifier follows the model's row, assigned by the save that writes it.
        set {}
    }

    var metadata: Any { Model._$entity }

    func read<Value>(_ keyPath: KeyPath<Model, Value>) -> Value {
        guard let model else { return StoredBackingData<Model>.standIn(keyPath) }
        return model[keyPath: keyPath]
    }

    func write<Value>(_ keyPath: KeyPath<Model, Value>, _ newValue: Value) {
        guard let model else { return }
        guard let writable = keyPath as? ReferenceWritableKeyPath<Model, Value> else {
            // A `let` property: its stored value cannot change, as the compiler enforces for the property itself.
            Log.logger.warning("\(Model.self).\(Model._$propertyName(keyPath)) is a constant; setValue(forKey:to:) leaves it as it is")
            return
        }
        model[keyPath: writable] = newValue
    }
}
