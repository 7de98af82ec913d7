import Foundation

/// Backing data whose typed accessors all read and write by key path the same way,
/// whatever the value's kind: ``BackingData``'s twelve overloads, spelled once.
protocol KeyPathBackingData: BackingData {
    func read<Value>(_ keyPath: KeyPath<Model, Value>) -> Value
    func write<Value>(_ keyPath: KeyPath<Model, Value>, _ newValue: Value)
}

extension KeyPathBackingData {
    func getValue<Value: Decodable>(forKey keyPath: KeyPath<Model, Value>) -> Value { read(keyPath) }
    func getValue<Value: PersistentModel>(forKey keyPath: KeyPath<Model, Value>) -> Value { read(keyPath) }
    func getValue<Value: PersistentModel>(forKey keyPath: KeyPath<Model, Value?>) -> Value? { read(keyPath) }
    func getValue<Value: RelationshipCollection, OtherModel>(forKey keyPath: KeyPath<Model, Value>) -> Value
    where OtherModel == Value.PersistentElement { read(keyPath) }
    func getValue<Value: Decodable & RelationshipCollection, OtherModel>(forKey keyPath: KeyPath<Model, Value>) -> Value
    where OtherModel == Value.PersistentElement { read(keyPath) }
    func getTransformableValue<Value>(forKey keyPath: KeyPath<Model, Value>) -> Value { read(keyPath) }

    func setValue<Value: Encodable>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value) { write(keyPath, newValue) }
    func setValue<Value: PersistentModel>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value) { write(keyPath, newValue) }
    func setValue<Value: PersistentModel>(forKey keyPath: KeyPath<Model, Value?>, to newValue: Value?) { write(keyPath, newValue) }
    func setValue<Value: RelationshipCollection, OtherModel>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value)
    where OtherModel == Value.PersistentElement { write(keyPath, newValue) }
    func setValue<Value: Encodable & RelationshipCollection, OtherModel>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value)
    where OtherModel == Value.PersistentElement { write(keyPath, newValue) }
    func setTransformableValue<Value>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value) { write(keyPath, newValue) }
}
