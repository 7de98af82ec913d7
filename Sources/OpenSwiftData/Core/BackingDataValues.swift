import Foundation

/// What `@Model`'s generated `init(backingData:)` asks of backing data before the
/// model exists (see <doc:ModelMacroExpansion>).
public enum _BackingDataValues {
    /// The value for a `let` property: the one the backing data holds, or else the
    /// property's stand-in (its type's zero), since a constant must have a value
    /// before the initialiser ends.
    public static func constant<Source: PersistentModel, Model: PersistentModel, Value: Decodable>(
        _ backingData: any BackingData<Source>, _ keyPath: KeyPath<Model, Value>, _ property: String, of entity: String
    ) -> Value {
        if let value = storedConstant(backingData, keyPath) { return value }
        if let zero = StandInDecoder.value(of: Value.self) { return zero }
        return StoredBackingData<Model>.standIn(keyPath)
    }

    /// The value the backing data holds for a `let` property, nil when it holds none:
    /// a `let` with an initial value then keeps it.
    public static func storedConstant<Source: PersistentModel, Model: PersistentModel, Value: Decodable>(
        _ backingData: any BackingData<Source>, _ keyPath: KeyPath<Model, Value>
    ) -> Value? {
        if let stored = backingData as? StoredBackingData<Source>, case .loaded(let value) = stored.storage(keyPath, as: Value.self) {
            return value
        }
        if let view = backingData as? ModelBackingDataView<Source>, let model = view.model as? Model {
            return model[keyPath: keyPath]
        }
        return nil
    }
}
