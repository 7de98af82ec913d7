import Foundation

/// A position in a store's history: the transactions after a token are the ones
/// saved since it was taken. Apps persist tokens (they are `Codable`) to resume
/// reading history where they stopped.
public protocol HistoryToken: Comparable, Codable, Hashable, Identifiable, Sendable {
    associatedtype TokenType: Codable, Hashable, Sendable
    var tokenValue: TokenType? { get }
}

/// The token of the default store: the number of a transaction in the store's
/// history, which only grows (numbers of deleted transactions are not reused).
public struct DefaultHistoryToken: HistoryToken {
    /// The token's form: the last transaction number of each store.
    public typealias TokenType = [String: Int]

    /// The identifier of the store whose history the token is a position in.
    public let storeIdentifier: String
    /// The transaction's number in the store.
    let transaction: Int64

    package init(storeIdentifier: String, transaction: Int64) {
        self.storeIdentifier = storeIdentifier
        self.transaction = transaction
    }

    /// The transaction's number, keyed by the store's identifier.
    public var tokenValue: [String: Int]? { [storeIdentifier: Int(transaction)] }

    /// The number of the transaction the token marks.
    public var id: Int { Int(transaction) }

    // Tokens order and compare by transaction alone, so that a token an app saved
    // before its store moved (its identifier is the store's path) still works.
    /// A token is before another when it marks an earlier transaction.
    public static func < (lhs: DefaultHistoryToken, rhs: DefaultHistoryToken) -> Bool {
        lhs.transaction < rhs.transaction
    }

    /// Two tokens are equal when they mark the same transaction.
    public static func == (lhs: DefaultHistoryToken, rhs: DefaultHistoryToken) -> Bool {
        lhs.transaction == rhs.transaction
    }

    /// Hashes the transaction number, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(transaction) }
}
