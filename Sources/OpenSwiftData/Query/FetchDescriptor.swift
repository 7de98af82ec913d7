import Foundation

/// What to fetch: a predicate, a sort order, a window, and how much to load.
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    public var fetchLimit: Int?
    public var fetchOffset: Int?
    /// When true (the default), unsaved inserts, changes and deletes of the fetching
    /// context are reflected in the results.
    public var includePendingChanges: Bool = true
    /// The attributes to load; the others load on first access. Empty means all.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Relationships to load with the results, in one query each rather than one per model.
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
