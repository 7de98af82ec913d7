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
    public typealias ChangeIdentifier = Int64
    public typealias TransactionIdentifier = Int64

    public let changeIdentifier: Int64
    public let changedPersistentIdentifier: PersistentIdentifier
    public let transactionIdentifier: Int64
}
