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
        stored(backingData, keyPath)
    }

    /// The model for a `let` relationship: the one the backing data holds, or else a
    /// stand-in of the destination (see `ModelContext.standIn`), since a constant must
    /// have a value before the initialiser ends.
    public static func constant<Source: PersistentModel, Model: PersistentModel, Destination: PersistentModel>(
        _ backingData: any BackingData<Source>, _ keyPath: KeyPath<Model, Destination>, _ property: String, of entity: String
    ) -> Destination {
        stored(backingData, keyPath) ?? standIn(Destination.self, for: property, of: entity)
    }

    /// `constant` for a model that is also `Codable`, which matches the attribute overload too.
    public static func constant<Source: PersistentModel, Model: PersistentModel, Destination: PersistentModel & Decodable>(
        _ backingData: any BackingData<Source>, _ keyPath: KeyPath<Model, Destination>, _ property: String, of entity: String
    ) -> Destination {
        stored(backingData, keyPath) ?? standIn(Destination.self, for: property, of: entity)
    }

    /// The model for an optional `let` relationship: the one the backing data holds, or nil.
    public static func constant<Source: PersistentModel, Model: PersistentModel, Destination: PersistentModel>(
        _ backingData: any BackingData<Source>, _ keyPath: KeyPath<Model, Destination?>, _ property: String, of entity: String
    ) -> Destination? {
        stored(backingData, keyPath) ?? nil
    }

    /// The model the backing data holds for a `let` relationship with an initial
    /// value, nil when it holds none.
    public static func storedConstant<Source: PersistentModel, Model: PersistentModel, Destination: PersistentModel>(
        _ backingData: any BackingData<Source>, _ keyPath: KeyPath<Model, Destination>
    ) -> Destination? {
        stored(backingData, keyPath)
    }

    /// `storedConstant` for an optional `let` relationship.
    public static func storedConstant<Source: PersistentModel, Model: PersistentModel, Destination: PersistentModel>(
        _ backingData: any BackingData<Source>, _ keyPath: KeyPath<Model, Destination?>
    ) -> Destination?? {
        stored(backingData, keyPath)
    }

    /// A stand-in of the destination for a `let` relationship the backing data holds no
    /// model for. `init(backingData:)` cannot throw (SwiftData's signature) and a `let`
    /// must have a value before it ends; a stand-in can be made for every destination
    /// whose properties all have stand-in values, so only a custom store's snapshot
    /// without the relationship, of such a destination, reaches the trap.
    private static func standIn<Destination: PersistentModel>(_ type: Destination.Type, for property: String, of entity: String) -> Destination {
        guard let standIn = ModelContext.standIn(Destination.self, rowID: 0) else {
            preconditionFailure("\(entity).\(property) is declared with 'let' and the backing data holds no \(Destination.self) for it, and no stand-in \(Destination.self) can be made (see the error logged before this): set it in the backing data")
        }
        return standIn
    }

    private static func stored<Source: PersistentModel, Model: PersistentModel, Value>(
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
