import Foundation

/// Which transactions of a store's history to fetch or delete, in what order and
/// how many.
public struct HistoryDescriptor<TransactionType: HistoryTransaction> {
    /// The transactions to take; all when nil.
    public var predicate: Predicate<TransactionType>?
    /// The order of the transactions fetched; by token (the order they were saved) when empty.
    public var sortBy: [SortDescriptor<TransactionType>]
    /// The most transactions to fetch; 0 fetches them all.
    public var fetchLimit: UInt64 = 0

    /// A descriptor of the transactions the predicate selects (all when nil), oldest first.
    public init(predicate: Predicate<TransactionType>? = nil) {
        self.predicate = predicate
        self.sortBy = []
    }

    /// A descriptor of the transactions the predicate selects (all when nil), in the order the sort descriptors give.
    public init(predicate: Predicate<TransactionType>? = nil, sortBy: [SortDescriptor<TransactionType>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
