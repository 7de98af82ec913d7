import Foundation

/// A row deleted by a history transaction, with the values of its
/// `.preserveValueOnDeletion` attributes.
public protocol HistoryDelete<Model>: Sendable {
    associatedtype Model: PersistentModel
    associatedtype ChangeIdentifier: Comparable, Hashable, Sendable
    associatedtype TransactionIdentifier: Comparable, Hashable, Sendable

    var changeIdentifier: ChangeIdentifier { get }
    var changedPersistentIdentifier: PersistentIdentifier { get }
    var tombstone: HistoryTombstone<Model> { get }
    var transactionIdentifier: TransactionIdentifier { get }
}

/// A delete in the default store's history.
public struct DefaultHistoryDelete<Model: PersistentModel>: HistoryDelete, Hashable {
    /// The type of a change's number.
    public typealias ChangeIdentifier = Int64
    /// The type of a transaction's number.
    public typealias TransactionIdentifier = Int64

    /// The change's number within the history.
    public let changeIdentifier: Int64
    /// The identifier of the deleted model.
    public let changedPersistentIdentifier: PersistentIdentifier
    /// The number of the transaction that made the change.
    public let transactionIdentifier: Int64
    /// The values of the model's `.preserveValueOnDeletion` attributes when it was deleted.
    public let tombstone: HistoryTombstone<Model>

    /// Two deletions are equal when they are the same change.
    public static func == (lhs: DefaultHistoryDelete, rhs: DefaultHistoryDelete) -> Bool {
        lhs.changeIdentifier == rhs.changeIdentifier && lhs.transactionIdentifier == rhs.transactionIdentifier
    }

    /// Hashes the change's number, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(changeIdentifier)
        hasher.combine(transactionIdentifier)
    }
}
