extension Schema.PropertyMetadata {
    /// A property described by an untyped key path, SwiftData's only form of this
    /// initialiser. The key path's root and value types choose what the typed
    /// initialisers would: an attribute, or a to-one or to-many relationship when the
    /// value is a model, an optional model or an array of models (optional or not).
    ///
    /// Disfavoured, so that the typed initialisers `@Model` calls are always the ones
    /// chosen for a typed key path.
    @_disfavoredOverload
    public init(name: String, keypath: AnyKeyPath, defaultValue: Any? = nil, metadata: (any SchemaProperty)? = nil) {
        guard let model = type(of: keypath).rootType as? any PersistentModel.Type else {
            preconditionFailure("schemaMetadata lists \(name) with a key path on \(type(of: keypath).rootType), which is not a model: "
                                + "give the key path of the model's own property, as \\Model.\(name)")
        }
        self = Self.describing(model, type(of: keypath).valueType, name: name, keypath: keypath, defaultValue: defaultValue, metadata: metadata)
    }

    private static func describing<Model: PersistentModel>(_ model: Model.Type, _ valueType: Any.Type, name: String, keypath: AnyKeyPath,
                                                           defaultValue: Any?, metadata: (any SchemaProperty)?) -> Self {
        func withValue<Value>(_ value: Value.Type) -> Self {
            if let relationship = relationship(Model.self, Value.self, name: name, keypath: keypath, metadata: metadata) { return relationship }
            if let writable = keypath as? ReferenceWritableKeyPath<Model, Value> {
                return Self(name: name, keypath: writable, defaultValue: defaultValue as? Value, metadata: metadata)
            }
            guard let readOnly = keypath as? KeyPath<Model, Value> else {
                preconditionFailure("schemaMetadata lists \(name) of \(Model.self) with a key path that is not one of its properties: "
                                    + "give \\\(Model.self).\(name)")
            }
            return Self(name: name, keypath: readOnly, defaultValue: defaultValue as? Value, metadata: metadata)
        }
        return withValue(valueType)
    }

    /// The relationship a value type of a model, an optional model, or an array of models
    /// (optional or not) describes; nil for any other value type.
    private static func relationship<Model: PersistentModel, Value>(_ model: Model.Type, _ value: Value.Type, name: String, keypath: AnyKeyPath,
                                                                    metadata: (any SchemaProperty)?) -> Self? {
        func toOne<Destination: PersistentModel>(_ destination: Destination.Type) -> Self? {
            (keypath as? ReferenceWritableKeyPath<Model, Destination>).map { Self(name: name, keypath: $0, metadata: metadata) }
        }
        func optionalToOne<Destination: PersistentModel>(_ destination: Destination.Type) -> Self? {
            (keypath as? ReferenceWritableKeyPath<Model, Destination?>).map { Self(name: name, keypath: $0, metadata: metadata) }
        }
        func toMany<Destination: PersistentModel>(_ destination: Destination.Type) -> Self? {
            (keypath as? ReferenceWritableKeyPath<Model, [Destination]>).map { Self(name: name, keypath: $0, metadata: metadata) }
        }
        func optionalToMany<Destination: PersistentModel>(_ destination: Destination.Type) -> Self? {
            (keypath as? ReferenceWritableKeyPath<Model, [Destination]?>).map { Self(name: name, keypath: $0, metadata: metadata) }
        }
        if let destination = Value.self as? any PersistentModel.Type { return toOne(destination) }
        if let optional = Value.self as? any _OptionalType.Type {
            if let destination = optional._wrappedType as? any PersistentModel.Type { return optionalToOne(destination) }
            if let array = optional._wrappedType as? any _ArrayKeyPaths.Type, let destination = array._elementType as? any PersistentModel.Type {
                return optionalToMany(destination)
            }
            return nil
        }
        if let array = Value.self as? any _ArrayKeyPaths.Type, let destination = array._elementType as? any PersistentModel.Type {
            return toMany(destination)
        }
        return nil
    }
}
