import Foundation
import OpenSwiftData
import Testing

/// Backing data of a program's own type: it holds values, but no persistence state.
struct NotebookValues<Model: PersistentModel>: BackingData {
    private final class Values { var byKey: [AnyKeyPath: Any] = [:] }
    private let values = Values()

    init(for modelType: Model.Type) {}
    var persistentModelID: PersistentIdentifier? { get { nil } set {} }
    var metadata: Any { () }

    private func read<Value>(_ keyPath: KeyPath<Model, Value>) -> Value {
        if let value = values.byKey[keyPath] as? Value { return value }
        if let empty = "" as? Value { return empty }
        if let zero = 0 as? Value { return zero }
        if let none = [Any]() as? Value { return none }
        preconditionFailure("the notebook holds no \(Value.self) for \(keyPath)")
    }
    private func write<Value>(_ keyPath: KeyPath<Model, Value>, _ value: Value) { values.byKey[keyPath] = value }

    func getValue<Value: Decodable>(forKey keyPath: KeyPath<Model, Value>) -> Value { read(keyPath) }
    func getValue<Value: PersistentModel>(forKey keyPath: KeyPath<Model, Value>) -> Value { read(keyPath) }
    func getValue<Value: PersistentModel>(forKey keyPath: KeyPath<Model, Value?>) -> Value? { values.byKey[keyPath] as? Value }
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

@Suite struct ForeignBackingDataTests {
    let store = TestStore()

    @Test func aModelOnBackingDataOfItsOwnTypeReadsItsValues() {
        let expedition = Expedition(backingData: NotebookValues<Expedition>(for: Expedition.self))
        expedition.name = "Atlas"
        #expect(expedition.name == "Atlas")
    }

    @Test func savingAModelOnBackingDataOfItsOwnTypeThrowsAndWritesNothing() throws {
        let container = try store.container(Expedition.self, Waypoint.self)
        let context = ModelContext(container)
        let expedition = Expedition(backingData: NotebookValues<Expedition>(for: Expedition.self))
        expedition.name = "Atlas"
        context.insert(expedition)
        #expect(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Expedition>()) == 0)
    }
}
