import Foundation

/// What to fetch: a predicate, a sort order, a window, and how much to load.
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    /// The models to fetch; all of the type when nil.
    public var predicate: Predicate<T>?
    /// The order of the results; unspecified when empty.
    public var sortBy: [SortDescriptor<T>]
    /// The largest number of models to fetch; no limit when nil.
    public var fetchLimit: Int?
    /// How many of the sorted results to skip first.
    public var fetchOffset: Int?
    /// When true (the default), unsaved inserts, changes and deletes of the fetching
    /// context are reflected in the results.
    public var includePendingChanges: Bool = true
    /// The attributes to load; the others load on first access. Empty means all.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Relationships to load with the results, in one query each rather than one per model.
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    /// A descriptor of the models the predicate selects (all when nil), in the order the sort descriptors give.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
