import Foundation

// Sectioned fetches outside a query or an observer: the engine's own, beside SwiftData's
// sectioned `@Query` and `ResultsObserver`, for results too large to group in memory.
extension ModelContext {
    /// The models the descriptor selects, grouped into sections by a `String` attribute,
    /// each section's models loaded `batchSize` at a time when they are first used.
    ///
    /// The results are sorted by `sectionBy` first (ascending, unless the descriptor's sort
    /// already begins with it), then by the descriptor's sort. When the fetch runs in SQL
    /// (``FetchExplanation``), the store finds the sections and their sizes in the fetch's
    /// one statement, and no model is made until a section's models are used; otherwise the
    /// models are fetched and grouped in memory, with the same result.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, sectionBy: KeyPath<T, String>,
                                          batchSize: Int) throws -> SectionedResults<T, String> {
        try fetch(descriptor, sectionedBy: SectionKey(sectionBy), batchSize: batchSize)
    }

    /// The models the descriptor selects, grouped into sections by an optional `String`
    /// attribute, as ``fetch(_:sectionBy:batchSize:)-(_,KeyPath<T,String>,_)`` does; models
    /// whose value is nil are in the section titled "", with those whose value is "".
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, sectionBy: KeyPath<T, String?>,
                                          batchSize: Int) throws -> SectionedResults<T, String> {
        try fetch(descriptor, sectionedBy: SectionKey(sectionBy), batchSize: batchSize)
    }

    private func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, sectionedBy key: SectionKey<T, String>,
                                           batchSize: Int) throws -> SectionedResults<T, String> {
        var descriptor = descriptor
        descriptor.sortBy = key.prepended(to: descriptor.sortBy)
        if let sections = try sectionsInStore(descriptor, key: key, batchSize: batchSize) { return sections }
        return SectionedResults(grouping: try fetch(descriptor), by: key.title)
    }

    /// The sections as the store finds them; nil when it cannot (the key path is not a
    /// stored attribute, or part of the fetch runs in Swift).
    private func sectionsInStore<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, key: SectionKey<T, String>,
                                                     batchSize: Int) throws -> SectionedResults<T, String>? {
        guard let attribute = T._$entity.storedPropertiesByKeyPath[key.keyPath]?.attribute,
              let found = try store(of: T.self).sections(request(descriptor), by: attribute) else { return nil }
        var runs: [(title: String, count: Int)] = []
        runs.reserveCapacity(found.runs.count)
        for run in found.runs {
            let decoded: Any? = run.value.isNull ? nil : try attribute.codec.decode(run.value)
            guard let title = key.storedTitle(decoded) else { return nil }
            runs.append((title, run.count))
        }
        let results = FetchResultsCollection(context: self, rowIDs: found.keys, properties: Self.properties(fetchedBy: descriptor),
                                             batchSize: batchSize, prefetch: descriptor.relationshipKeyPathsForPrefetching)
        return SectionedResults(results: results, runs: runs)
    }
}
