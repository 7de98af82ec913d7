// import OpenSwiftData   // uncomment when implementing

extension W7Memory {
    /// OpenSwiftData's W7, or nil while the library's core is pending. nil makes
    /// `memory-probe` skip the engine, and `Benchmarks/run` prints n/a.
    ///
    /// To implement: write `openSwiftData` below with exactly this signature, then set
    /// this constant to `openSwiftData`.
    ///
    ///     @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output
    ///
    /// - Store: at `run.storeURL`, built inside `run.once { }` from `fixture.people`
    ///   (the W1 model). The probe calls the function twice, in two processes: first
    ///   with `isFirst` (seed; its measurement is ignored), then without.
    /// - Unmeasured: creating the ModelContainer/ModelContext.
    /// - Measured, in one `run.measure { }`: `context.fetch(FetchDescriptor<...>())` of
    ///   all models. Return the fetched models out of the closure so that they are
    ///   still alive when the region ends (that is the memory being measured).
    /// - Return: the models mapped to `Person`, after the measured region.
    static let openSwiftDataImplementation: Implementation? = nil
}
