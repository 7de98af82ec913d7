import Foundation

/// One save (or batch operation) as the store's history records it: who made it,
/// when, and the rows it inserted, updated and deleted.
public protocol HistoryTransaction: Hashable, Identifiable, Sendable {
    associatedtype TokenType: Comparable, Hashable, Identifiable, Sendable
    associatedtype TransactionIdentifier: Comparable, Hashable, Sendable

    var author: String? { get }
    var changes: [HistoryChange] { get }
    var storeIdentifier: String { get }
    var timestamp: Date { get }
    var token: TokenType { get }
    var transactionIdentifier: TransactionIdentifier { get }
}

/// A transaction of the default store's history.
public struct DefaultHistoryTransaction: HistoryTransaction {
    /// The token type of this store's history.
    public typealias TokenType = DefaultHistoryToken
    /// The type of a transaction's number.
    public typealias TransactionIdentifier = Int64

    /// The identifier of the store the transaction was written to.
    public let storeIdentifier: String
    /// The saving program's bundle identifier, or its process name where it has no bundle.
    public let bundleIdentifier: String
    /// The saving process's identifier (its pid), as text.
    public let processIdentifier: String
    /// The transaction's number, increasing with each save.
    public let transactionIdentifier: TransactionIdentifier
    /// The token that marks this transaction, for fetching or deleting what came before or after it.
    public let token: TokenType
    /// The `author` of the context that saved, if it had one.
    public let author: String?
    /// In the order they were recorded: deletes, then inserts, then updates.
    public let changes: [HistoryChange]
    /// When the transaction was saved.
    public let timestamp: Date

    /// The transaction's number, which identifies it in its store.
    public var id: Int64 { transactionIdentifier }

    // `changes` holds existentials, so equality is the transaction's identity.
    /// Two transactions are equal when they have the same number.
    public static func == (lhs: DefaultHistoryTransaction, rhs: DefaultHistoryTransaction) -> Bool {
        lhs.transactionIdentifier == rhs.transactionIdentifier && lhs.storeIdentifier == rhs.storeIdentifier
    }

    /// Hashes the transaction's number, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(transactionIdentifier)
        hasher.combine(storeIdentifier)
    }
}
