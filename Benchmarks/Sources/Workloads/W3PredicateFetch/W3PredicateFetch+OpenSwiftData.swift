// import OpenSwiftData   // uncomment when implementing

extension W3PredicateFetch {
    /// OpenSwiftData's W3 (all four variants), or nil while the library's core is
    /// pending. nil registers no benchmark, and `Benchmarks/run` prints n/a.
    ///
    /// To implement: write `openSwiftData` below with exactly this signature, then set
    /// this constant to `openSwiftData`.
    ///
    ///     @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output
    ///
    /// - Store: at `run.storeURL`; the directory is kept for all iterations of one
    ///   variant, so build it inside `run.once { }` from `fixture.people`. When
    ///   `fixture.indexed`, use a model class that declares an index on `firstName`
    ///   only (`#Index<...>([\.firstName])` or `@Attribute(.index)`), otherwise one
    ///   without: two `@Model` classes with the `Person` attributes.
    /// - Unmeasured: the seeding, creating the ModelContainer/ModelContext.
    /// - Measured, in one `run.measure { }`: one fetch with
    ///   `#Predicate { $0.firstName == name }` (name = `fixture.firstName`) and
    ///   `sortBy: [SortDescriptor(\.age)]`.
    /// - Return: the fetched models, in fetch order, mapped to `Person`.
    static let openSwiftDataImplementation: Implementation? = nil
}
