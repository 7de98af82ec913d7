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
    public typealias ChangeIdentifier = Int64
    public typealias TransactionIdentifier = Int64

    public let changeIdentifier: Int64
    public let changedPersistentIdentifier: PersistentIdentifier
    public let transactionIdentifier: Int64
    public let tombstone: HistoryTombstone<Model>

    public static func == (lhs: DefaultHistoryDelete, rhs: DefaultHistoryDelete) -> Bool {
        lhs.changeIdentifier == rhs.changeIdentifier && lhs.transactionIdentifier == rhs.transactionIdentifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(changeIdentifier)
        hasher.combine(transactionIdentifier)
    }
}
