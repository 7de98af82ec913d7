import Foundation

// A program's store keeps its history itself, when it has one: a store that adopts
// `HistoryProviding` with SwiftData's `DefaultHistoryTransaction` answers a context's
// `fetchHistory` and `deleteHistory`, as in SwiftData. Others throw
// `unsupportedByCustomStore`, naming the store and history.
extension DataStoreAdapter {
    package func historyTransactions(within bounds: HistoryBounds) throws -> [DefaultHistoryTransaction] {
        guard let provider = store.historyProvider else { throw unsupported("History") }
        return try transactions(of: provider).filter { bounds.contains($0.transactionIdentifier) }
            .sorted { $0.transactionIdentifier < $1.transactionIdentifier }
    }

    package func deleteHistory(_ transactions: [Int64]) throws {
        guard let provider = store.historyProvider else { throw unsupported("History") }
        try delete(transactions, from: provider)
    }

    package func latestHistoryTransaction() throws -> Int64? {
        try historyTransactions(within: .all).last?.transactionIdentifier
    }

    private func transactions<Provider: HistoryProviding>(of provider: Provider) throws -> [DefaultHistoryTransaction] {
        guard let transactions = try provider.fetchHistory(HistoryDescriptor<Provider.HistoryType>()) as? [DefaultHistoryTransaction] else {
            throw notDefaultHistory
        }
        return transactions
    }

    private func delete<Provider: HistoryProviding>(_ transactions: [Int64], from provider: Provider) throws {
        guard Provider.HistoryType.self == DefaultHistoryTransaction.self else { throw notDefaultHistory }
        let selected = Set(transactions)
        let descriptor = HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { selected.contains($0.transactionIdentifier) })
        guard let ofProvider = descriptor as? HistoryDescriptor<Provider.HistoryType> else { throw notDefaultHistory }
        try provider.deleteHistory(ofProvider)
    }

    /// A context reads history as SwiftData's default transactions only.
    private var notDefaultHistory: OpenSwiftDataError {
        unsupported("History kept in transactions of the store's own kind (a context reads DefaultHistoryTransaction)")
    }
}
