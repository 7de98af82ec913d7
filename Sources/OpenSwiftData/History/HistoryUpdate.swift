import Foundation

/// A row updated by a history transaction, with the properties whose stored
/// values changed.
public protocol HistoryUpdate<Model>: Sendable {
    associatedtype Model: PersistentModel
    associatedtype ChangeIdentifier: Comparable, Hashable, Sendable
    associatedtype TransactionIdentifier: Comparable, Hashable, Sendable
    typealias PropertyUpdate = PartialKeyPath<Model> & Sendable

    var changeIdentifier: ChangeIdentifier { get }
    var changedPersistentIdentifier: PersistentIdentifier { get }
    var transactionIdentifier: TransactionIdentifier { get }
    var updatedAttributes: [any PartialKeyPath<Model> & Sendable] { get }
}

/// An update in the default store's history.
public struct DefaultHistoryUpdate<Model: PersistentModel>: HistoryUpdate, Hashable {
    /// The type of a change's number.
    public typealias ChangeIdentifier = Int64
    /// The type of a transaction's number.
    public typealias TransactionIdentifier = Int64
    /// A key path to an updated attribute.
    public typealias PropertyUpdate = PartialKeyPath<Model> & Sendable

    /// The change's number within the history.
    public let changeIdentifier: Int64
    /// The identifier of the updated model.
    public let changedPersistentIdentifier: PersistentIdentifier
    /// The number of the transaction that made the change.
    public let transactionIdentifier: Int64
    /// The names of the updated properties (attributes and relationships), as the
    /// store recorded them.
    let updatedPropertyNames: [String]

    /// The key paths of the properties whose stored values the update changed:
    /// attributes, to-one relationships whose target changed, and to-many
    /// relationships whose members or order changed.
    public var updatedAttributes: [any PartialKeyPath<Model> & Sendable] {
        let entity = Model._$entity
        return updatedPropertyNames.compactMap { name in
            entity.storedProperty(named: name).flatMap { HistoryKeyPaths.sendable($0.keyPath, of: Model.self) }
        }
    }
}

/// Key paths of the schema as the `Sendable` key paths the history API hands out.
enum HistoryKeyPaths {
    static func sendable<Model>(_ keyPath: AnyKeyPath, of _: Model.Type) -> (any PartialKeyPath<Model> & Sendable)? {
        guard let partial = keyPath as? PartialKeyPath<Model> else { return nil }
        // The schema's key paths name stored properties (no captured values), which
        // is what makes a key path Sendable; `Sendable` is a marker with no runtime
        // form, so the reference is the same.
        return unsafeBitCast(partial, to: (any PartialKeyPath<Model> & Sendable).self)
    }
}
