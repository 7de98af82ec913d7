import Foundation

/// One row's change in a history transaction.
///
/// The payloads are the default store's generic types, which apps match by model:
/// `case .insert(let insert as DefaultHistoryInsert<Trip>)`.
public enum HistoryChange: Sendable {
    case insert(any HistoryInsert)
    case update(any HistoryUpdate)
    case delete(any HistoryDelete)

    /// The identifier of the model whose row changed.
    public var changedPersistentIdentifier: PersistentIdentifier {
        switch self {
        case .insert(let change): change.changedPersistentIdentifier
        case .update(let change): change.changedPersistentIdentifier
        case .delete(let change): change.changedPersistentIdentifier
        }
    }
}
