import Foundation
import GRDB

// SwiftData's history API: every save records which rows it inserted, updated and
// deleted (see `HistoryRecorder`); a context reads and trims that record.
extension ModelContext {
    /// The transactions of the store's history that the descriptor selects, in its
    /// order (by token when it has none), at most `fetchLimit` of them.
    ///
    /// Only the default store's `DefaultHistoryTransaction` is recorded here.
    public func fetchHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws -> [T] {
        if let unsupported = unsupportedByCustomStore("History") { throw unsupported }
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
        if let unsupported = unsupportedByCustomStore("History") { throw unsupported }
        guard let descriptor = descriptor as? HistoryDescriptor<DefaultHistoryTransaction> else {
            throw OpenSwiftDataError.unsupportedQuery("deleteHistory: this store records history as DefaultHistoryTransaction; delete with a HistoryDescriptor<DefaultHistoryTransaction>")
        }
        guard store.configuration.allowsSave else {
            throw OpenSwiftDataError.saveNotAllowed(configuration: store.configuration.name)
        }
        if store.isOnReadOnlyMedia { throw OpenSwiftDataError.storeOnReadOnlyMedia(path: store.configuration.url.path) }
        let selected = try selectedTransactions(descriptor).map(\.transactionIdentifier)
        guard !selected.isEmpty else { return }
        let list = "[" + selected.map(String.init).joined(separator: ",") + "]"
        do {
            // History is not a model: no live query needs waking.
            try store.write(touching: []) { db in
                try db.execute(sql: "DELETE FROM \"\(HistoryTables.changes)\" WHERE \"Z_TRANSACTION\" IN (SELECT value FROM json_each(?))", arguments: [list])
                try db.execute(sql: "DELETE FROM \"\(HistoryTables.transactions)\" WHERE \"Z_ID\" IN (SELECT value FROM json_each(?))", arguments: [list])
            }
        } catch {
            throw OpenSwiftDataError.wrap(error)
        }
    }

    /// The transactions the predicate selects, in token order.
    private func selectedTransactions(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws -> [DefaultHistoryTransaction] {
        let transactions: [DefaultHistoryTransaction]
        do {
            transactions = try HistoryReader(store: store).transactions(within: HistoryBounds(descriptor.predicate))
        } catch {
            throw OpenSwiftDataError.wrap(error)
        }
        guard let predicate = descriptor.predicate else { return transactions }
        return try transactions.filter { try predicate.evaluate($0) }
    }
}
