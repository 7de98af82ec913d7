import Foundation

// SwiftData's initialisers: a fetch descriptor, or a predicate and a sort; no sections
// (`SectionTitle` is `Never`), or sections by a `String` or `String?` key path; the
// observer's own context on a container, or a context given. Each fetches at once and
// throws the fetch's error (a predicate the store cannot run, a model the container does
// not hold), and the observer updates on `isolation`, the caller's actor by default.

extension ResultsObserver where SectionTitle == Never {
    /// An observer of `fetchDescriptor`'s results in `modelContext`, without sections.
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(), modelContext: ModelContext,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: fetchDescriptor, sectionKey: nil, modelContext: modelContext, isolation: isolation)
    }

    /// An observer of `fetchDescriptor`'s results in a new context on `modelContainer`, without sections.
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(), modelContainer: ModelContainer,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: fetchDescriptor, sectionKey: nil, modelContext: ModelContext(modelContainer), isolation: isolation)
    }

    /// An observer of the models `filterBy` selects, sorted by `sortBy`, in `modelContext`, without sections.
    public convenience init(filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil, modelContext: ModelContext,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: FetchDescriptor(predicate: filterBy, sortBy: sortBy ?? []), sectionKey: nil,
                      modelContext: modelContext, isolation: isolation)
    }

    /// An observer of the models `filterBy` selects, sorted by `sortBy`, in a new context on
    /// `modelContainer`, without sections.
    public convenience init(filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil, modelContainer: ModelContainer,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: FetchDescriptor(predicate: filterBy, sortBy: sortBy ?? []), sectionKey: nil,
                      modelContext: ModelContext(modelContainer), isolation: isolation)
    }
}

extension ResultsObserver where SectionTitle == String {
    /// An observer of `fetchDescriptor`'s results in `modelContext`, in sections by `sectionBy`.
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(), sectionBy: KeyPath<Element, String>,
                            modelContext: ModelContext, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: fetchDescriptor, sectionKey: SectionKey(sectionBy), modelContext: modelContext, isolation: isolation)
    }

    /// An observer of `fetchDescriptor`'s results in `modelContext`, in sections by
    /// `sectionBy`; models whose value is nil are in the section titled "".
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(), sectionBy: KeyPath<Element, String?>,
                            modelContext: ModelContext, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: fetchDescriptor, sectionKey: SectionKey(sectionBy), modelContext: modelContext, isolation: isolation)
    }

    /// An observer of `fetchDescriptor`'s results in a new context on `modelContainer`, in sections by `sectionBy`.
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(), sectionBy: KeyPath<Element, String>,
                            modelContainer: ModelContainer, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: fetchDescriptor, sectionKey: SectionKey(sectionBy), modelContext: ModelContext(modelContainer),
                      isolation: isolation)
    }

    /// An observer of `fetchDescriptor`'s results in a new context on `modelContainer`, in
    /// sections by `sectionBy`; models whose value is nil are in the section titled "".
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(), sectionBy: KeyPath<Element, String?>,
                            modelContainer: ModelContainer, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: fetchDescriptor, sectionKey: SectionKey(sectionBy), modelContext: ModelContext(modelContainer),
                      isolation: isolation)
    }

    /// An observer of the models `filterBy` selects, sorted by `sortBy`, in `modelContext`,
    /// in sections by `sectionBy`.
    public convenience init(filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil, sectionBy: KeyPath<Element, String>,
                            modelContext: ModelContext, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: FetchDescriptor(predicate: filterBy, sortBy: sortBy ?? []), sectionKey: SectionKey(sectionBy),
                      modelContext: modelContext, isolation: isolation)
    }

    /// An observer of the models `filterBy` selects, sorted by `sortBy`, in `modelContext`,
    /// in sections by `sectionBy`; models whose value is nil are in the section titled "".
    public convenience init(filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil, sectionBy: KeyPath<Element, String?>,
                            modelContext: ModelContext, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: FetchDescriptor(predicate: filterBy, sortBy: sortBy ?? []), sectionKey: SectionKey(sectionBy),
                      modelContext: modelContext, isolation: isolation)
    }

    /// An observer of the models `filterBy` selects, sorted by `sortBy`, in a new context on
    /// `modelContainer`, in sections by `sectionBy`.
    public convenience init(filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil, sectionBy: KeyPath<Element, String>,
                            modelContainer: ModelContainer, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: FetchDescriptor(predicate: filterBy, sortBy: sortBy ?? []), sectionKey: SectionKey(sectionBy),
                      modelContext: ModelContext(modelContainer), isolation: isolation)
    }

    /// An observer of the models `filterBy` selects, sorted by `sortBy`, in a new context on
    /// `modelContainer`, in sections by `sectionBy`; models whose value is nil are in the
    /// section titled "".
    public convenience init(filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil, sectionBy: KeyPath<Element, String?>,
                            modelContainer: ModelContainer, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: FetchDescriptor(predicate: filterBy, sortBy: sortBy ?? []), sectionKey: SectionKey(sectionBy),
                      modelContext: ModelContext(modelContainer), isolation: isolation)
    }
}
