import Foundation

/// The type of a to-many relationship: an array of models, or an optional one.
/// `getValue(forKey:)` and `setValue(forKey:to:)` use it to tell a to-many
/// relationship from an attribute.
public protocol RelationshipCollection {
    associatedtype PersistentElement: PersistentModel
}

extension Array: RelationshipCollection where Element: PersistentModel {
    public typealias PersistentElement = Element
}

extension Optional: RelationshipCollection where Wrapped: Sequence, Wrapped.Element: PersistentModel {
    public typealias PersistentElement = Wrapped.Element
}
