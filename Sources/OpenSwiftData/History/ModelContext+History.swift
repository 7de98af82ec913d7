import Foundation

// SwiftData's history API: every save records which rows it inserted, updated and
// deleted (see `HistoryRecorder`); a context reads and trims that record.
extension ModelContext {
    /// The transactions of the store's history that the descriptor selects, in its
    /// order (by token when it has none), at most `fetchLimit` of them.
    ///
    /// Only the default store's `DefaultHistoryTransaction` is recorded here.
    public func fetchHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws -> [T] {
        guard let descriptor = descriptor as? HistoryDescriptor<DefaultHistoryTransaction> else {
            throw OpenSwiftDataError.unsupportedQuery("fetchHistory: this store records history as DefaultHistoryTransaction; fetch with a HistoryDescriptor<DefaultHistoryTransaction>")
        }
        let transactions = try selectedTransactions(descriptor)
        var sorted = descriptor.sortBy.isEmpty ? transactions : transactions.sorted(using: descriptor.sortBy)
        if descriptor.fetchLimit > 0, UInt64(sorted.count) > descriptor.fetchLimit {
            sorted.removeSubrange(Int(descriptor.fetchLimit)...)
        }
        guard let result = sorted as? [T] else { return [] }
        return result
    }

    /// Deletes the transactions of the store's history that the descriptor's
    /// predicate selects (all when it has none), with their changes. Tokens of
    /// deleted transactions still order the history that remains.
    public func deleteHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws {
        guard let descriptor = descriptor as? HistoryDescriptor<DefaultHistoryTransaction> else {
            throw OpenSwiftDataError.unsupportedQuery("deleteHistory: this store records history as DefaultHistoryTransaction; delete with a HistoryDescriptor<DefaultHistoryTransaction>")
        }
        let selected = try selectedTransactions(descriptor)
        for store in stores.all {
            let ofStore = selected.filter { $0.storeIdentifier == store.identifier }.map(\.transactionIdentifier)
            if !ofStore.isEmpty { try store.deleteHistory(ofStore) }
        }
    }

    /// The transactions the predicate selects, in token order.
    private func selectedTransactions(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws -> [DefaultHistoryTransaction] {
        let transactions: [DefaultHistoryTransaction]
        if stores.isSingle {
            transactions = try stores.first.historyTransactions(within: HistoryBounds(descriptor.predicate))
        } else {
            // A token's number bounds its own store's history only: each store's is read whole, in time order.
            transactions = try stores.all.flatMap { try $0.historyTransactions(within: .all) }.sorted { $0.timestamp < $1.timestamp }
        }
        guard let predicate = descriptor.predicate else { return transactions }
        return try transactions.filter { try predicate.evaluate($0) }
    }
}
