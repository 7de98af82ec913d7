import Foundation

extension Schema.Attribute {
    /// An attribute's Swift value as a snapshot holds it: the form the SQLite store
    /// writes. For stores of this package that keep values in their own types.
    package func snapshotValue(of value: Any, entity: String) throws -> DefaultSnapshot.Value {
        guard let codec else { throw OpenSwiftDataError.invalidValue(entity: entity, property: name, reason: "its type cannot be stored") }
        return DefaultSnapshot.Value(try codec.encode(value))
    }

    /// The attribute's Swift value (of exactly `valueType`) of a snapshot's value.
    package func value(of snapshotValue: DefaultSnapshot.Value, entity: String) throws -> Any {
        guard let codec, let stored = snapshotValue.storedValue else {
            throw OpenSwiftDataError.invalidValue(entity: entity, property: name, reason: "the snapshot holds no value of its type")
        }
        return try codec.decode(stored)
    }
}
