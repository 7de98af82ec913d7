import Foundation

/// A store that provides the history of the changes to its models, as SwiftData
/// declares it (iOS 18): ``DefaultStore`` adopts it, and a program's own ``DataStore``
/// may. A container's contexts read the SQLite and PostgreSQL stores' history
/// themselves (``ModelContext/fetchHistory(_:)``), and a custom store's through this
/// protocol when its `HistoryType` is ``DefaultHistoryTransaction``.
public protocol HistoryProviding {
    associatedtype HistoryType: HistoryTransaction

    /// The type of the store's history transactions.
    static var historyType: HistoryType.Type { get }

    /// The transactions the descriptor selects, in its order.
    func fetchHistory(_ descriptor: HistoryDescriptor<HistoryType>) throws -> [HistoryType]
    /// Deletes the transactions the descriptor selects, with their changes.
    func deleteHistory(_ descriptor: HistoryDescriptor<HistoryType>) throws
}

extension HistoryProviding {
    public static var historyType: HistoryType.Type { HistoryType.self }
}
