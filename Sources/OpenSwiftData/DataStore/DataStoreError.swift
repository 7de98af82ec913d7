import Foundation

/// What a custom ``DataStore`` throws to tell the context how to go on.
public enum DataStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store cannot evaluate the predicate.
    case invalidPredicate
    /// The context should fetch without the predicate and filter in memory.
    case preferInMemoryFilter
    /// The context should fetch without the sort and sort in memory.
    case preferInMemorySort
    /// The store does not do what was asked of it.
    case unsupportedFeature

    /// What the store could not do, in words.
    public var description: String {
        switch self {
        case .invalidPredicate: "the data store cannot evaluate the fetch's predicate"
        case .preferInMemoryFilter: "the data store asks for the fetch's predicate to be applied in memory"
        case .preferInMemorySort: "the data store asks for the fetch's sort to be applied in memory"
        case .unsupportedFeature: "the data store does not support this operation"
        }
    }
}
