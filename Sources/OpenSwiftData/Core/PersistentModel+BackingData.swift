import Foundation

// SwiftData's value access by key path. On a model written the way Apple's `@Model`
// expands, these are its accessors' storage; on a `@Model` model they read and
// write its properties.

extension PersistentModel {
    /// New, empty backing data for a model of type `P`, as Apple's expansion
    /// initialises `persistentBackingData`.
    public static func createBackingData<P: PersistentModel>() -> some BackingData<P> {
        StoredBackingData<P>(for: P.self)
    }

    /// A `@Model` model's values, as a view of its properties. Setting it copies the
    /// values the given backing data holds into the model's properties.
    public var persistentBackingData: any BackingData<Self> {
        get { ModelBackingDataView(model: self) }
        set { _$adoptValues(of: newValue) }
    }

    /// The backing data `createBackingData()` made, when the model keeps its values in one.
    var _$storedBackingData: StoredBackingData<Self>? { persistentBackingData as? StoredBackingData<Self> }

    // MARK: Reading

    public func getValue<Value: Decodable>(forKey keyPath: KeyPath<Self, Value>) -> Value {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.value(of: self, keyPath) }
        return data.getValue(forKey: keyPath)
    }

    public func getValue<Value: PersistentModel>(forKey keyPath: KeyPath<Self, Value>) -> Value {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.model(of: self, keyPath) }
        return data.getValue(forKey: keyPath)
    }

    public func getValue<Value: PersistentModel>(forKey keyPath: KeyPath<Self, Value?>) -> Value? {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.model(of: self, keyPath) }
        return data.getValue(forKey: keyPath)
    }

    public func getValue<Value: RelationshipCollection, OtherModel>(forKey keyPath: KeyPath<Self, Value>) -> Value
    where OtherModel == Value.PersistentElement {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.models(of: self, keyPath, OtherModel.self) }
        return data.getValue(forKey: keyPath)
    }

    public func getValue<Value: Decodable & RelationshipCollection, OtherModel>(forKey keyPath: KeyPath<Self, Value>) -> Value
    where OtherModel == Value.PersistentElement {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.models(of: self, keyPath, OtherModel.self) }
        return data.getValue(forKey: keyPath)
    }

    /// An attribute stored through a value transformer (`.transformable(by:)`).
    public func getTransformableValue<Value>(forKey keyPath: KeyPath<Self, Value>) -> Value {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.value(of: self, keyPath) }
        return data.getTransformableValue(forKey: keyPath)
    }

    // MARK: Writing

    public func setValue<Value: Encodable>(forKey keyPath: KeyPath<Self, Value>, to newValue: Value) {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.setValue(of: self, keyPath, to: newValue) }
        data.setValue(forKey: keyPath, to: newValue)
    }

    public func setValue<Value: PersistentModel>(forKey keyPath: KeyPath<Self, Value>, to newValue: Value) {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.setModel(of: self, keyPath, to: newValue) }
        data.setValue(forKey: keyPath, to: newValue)
    }

    public func setValue<Value: PersistentModel>(forKey keyPath: KeyPath<Self, Value?>, to newValue: Value?) {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.setModel(of: self, keyPath, to: newValue) }
        data.setValue(forKey: keyPath, to: newValue)
    }

    public func setValue<Value: RelationshipCollection, OtherModel>(forKey keyPath: KeyPath<Self, Value>, to newValue: Value)
    where OtherModel == Value.PersistentElement {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.setModels(of: self, keyPath, to: newValue, OtherModel.self) }
        data.setValue(forKey: keyPath, to: newValue)
    }

    public func setValue<Value: Encodable & RelationshipCollection, OtherModel>(forKey keyPath: KeyPath<Self, Value>, to newValue: Value)
    where OtherModel == Value.PersistentElement {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.setModels(of: self, keyPath, to: newValue, OtherModel.self) }
        data.setValue(forKey: keyPath, to: newValue)
    }

    /// An attribute stored through a value transformer (`.transformable(by:)`).
    public func setTransformableValue<Value>(forKey keyPath: KeyPath<Self, Value>, to newValue: Value) {
        let data = persistentBackingData
        if let stored = data as? StoredBackingData<Self> { return stored.setValue(of: self, keyPath, to: newValue) }
        data.setTransformableValue(forKey: keyPath, to: newValue)
    }
}
