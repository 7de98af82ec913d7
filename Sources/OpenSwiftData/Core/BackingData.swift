import Foundation

/// Where a model's values are kept in memory: SwiftData's interface to a model's
/// storage, as Apple's `@Model` expansion and custom stores use it.
///
/// OpenSwiftData's `@Model` keeps values in typed storage of its own (see
/// <doc:ModelMacroExpansion>), so the backing data of a `@Model` model is a view that
/// reads and writes the model's properties. A model written the way Apple's macro
/// expands (its accessors calling `getValue(forKey:)` and `setValue(forKey:to:)`,
/// its storage made by ``PersistentModel/createBackingData()``) keeps its values in
/// the backing data itself, and is fetched, saved and tracked like a `@Model` model.
///
/// The declarations are SwiftData's, so that code written against them compiles.
public protocol BackingData<Model> {
    associatedtype Model: PersistentModel

    /// Storage for a new model of the type, holding no values yet.
    init(for modelType: Model.Type)

    /// The identifier of the model whose values these are.
    var persistentModelID: PersistentIdentifier? { get set }
    /// Describes the model's type (here its ``Schema/Entity``).
    var metadata: Any { get }

    func getValue<Value: Decodable>(forKey: KeyPath<Model, Value>) -> Value
    func getValue<Value: PersistentModel>(forKey: KeyPath<Model, Value>) -> Value
    func getValue<Value: PersistentModel>(forKey: KeyPath<Model, Value?>) -> Value?
    func getValue<Value: RelationshipCollection, OtherModel>(forKey: KeyPath<Model, Value>) -> Value
    where OtherModel == Value.PersistentElement
    func getValue<Value: Decodable & RelationshipCollection, OtherModel>(forKey: KeyPath<Model, Value>) -> Value
    where OtherModel == Value.PersistentElement
    func getTransformableValue<Value>(forKey: KeyPath<Model, Value>) -> Value

    func setValue<Value: Encodable>(forKey: KeyPath<Model, Value>, to newValue: Value)
    func setValue<Value: PersistentModel>(forKey: KeyPath<Model, Value>, to newValue: Value)
    func setValue<Value: PersistentModel>(forKey: KeyPath<Model, Value?>, to newValue: Value?)
    func setValue<Value: RelationshipCollection, OtherModel>(forKey: KeyPath<Model, Value>, to newValue: Value)
    where OtherModel == Value.PersistentElement
    func setValue<Value: Encodable & RelationshipCollection, OtherModel>(forKey: KeyPath<Model, Value>, to newValue: Value)
    where OtherModel == Value.PersistentElement
    func setTransformableValue<Value>(forKey: KeyPath<Model, Value>, to newValue: Value)
}
