import Foundation

/// The SQLite store's history, as a container's contexts read and trim it.
extension DefaultStore: HistoryProviding {
    public typealias HistoryType = DefaultHistoryTransaction

    /// The transactions the descriptor selects, in its order (by token when it has none).
    public func fetchHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws -> [DefaultHistoryTransaction] {
        try ModelContext(container).fetchHistory(descriptor)
    }

    /// Deletes the transactions the descriptor's predicate selects (all when it has none).
    public func deleteHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws {
        try ModelContext(container).deleteHistory(descriptor)
    }
}
