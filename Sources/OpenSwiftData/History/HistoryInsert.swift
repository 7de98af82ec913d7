import Foundation

/// A row inserted by a history transaction.
public protocol HistoryInsert<Model>: Sendable {
    associatedtype Model: PersistentModel
    associatedtype ChangeIdentifier: Comparable, Hashable, Sendable
    associatedtype TransactionIdentifier: Comparable, Hashable, Sendable

    var changeIdentifier: ChangeIdentifier { get }
    var changedPersistentIdentifier: PersistentIdentifier { get }
    var transactionIdentifier: TransactionIdentifier { get }
}

/// An insert in the default store's history.
public struct DefaultHistoryInsert<Model: PersistentModel>: HistoryInsert, Hashable {
    /// The type of a change's number.
    public typealias ChangeIdentifier = Int64
    /// The type of a transaction's number.
    public typealias TransactionIdentifier = Int64

    /// The change's number within the history.
    public let changeIdentifier: Int64
    /// The identifier of the inserted model.
    public let changedPersistentIdentifier: PersistentIdentifier
    /// The number of the transaction that made the change.
    public let transactionIdentifier: Int64
}
