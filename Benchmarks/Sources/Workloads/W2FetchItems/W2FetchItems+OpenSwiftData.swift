// import OpenSwiftData   // uncomment when implementing

extension W2FetchItems {
    /// OpenSwiftData's W2, or nil while the library's core is pending. nil registers no
    /// benchmark, and `Benchmarks/run` prints n/a for the ratios.
    ///
    /// To implement: write `openSwiftData` below with exactly this signature, then set
    /// this constant to `openSwiftData`.
    ///
    ///     @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output
    ///
    /// - Store: at `run.storeURL`; the directory is kept for all iterations of the
    ///   benchmark, so build it inside `run.once { }`: `fixture.rowCount` models of a
    ///   `@Model` class with ten `Int` attributes `i0`...`i9`, model n holding n in
    ///   every attribute, inserted and saved.
    /// - Unmeasured: that seeding and creating the ModelContainer/ModelContext.
    /// - Measured, in one `run.measure { }`: `context.fetch(FetchDescriptor<...>())`
    ///   returning all the models.
    /// - Return: the fetched models mapped to `Item` (after the measured region).
    static let openSwiftDataImplementation: Implementation? = nil
}
