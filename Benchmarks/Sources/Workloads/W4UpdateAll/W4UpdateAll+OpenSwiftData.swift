// import OpenSwiftData   // uncomment when implementing

extension W4UpdateAll {
    /// OpenSwiftData's W4, or nil while the library's core is pending. nil registers no
    /// benchmark, and `Benchmarks/run` prints n/a for the ratios.
    ///
    /// To implement: write `openSwiftData` below with exactly this signature, then set
    /// this constant to `openSwiftData`.
    ///
    ///     @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output
    ///
    /// - Store: at `run.storeURL`, a fresh directory each iteration.
    /// - Unmeasured: creating the container, inserting and saving `fixture.people` (the
    ///   W1 model), then fetching all of them into one context.
    /// - Measured, in one `run.measure { }`: `model.age += 1` on every fetched model,
    ///   then one `save()` of that context.
    /// - Return: every model fetched back from a new context, mapped to `Person`.
    static let openSwiftDataImplementation: Implementation? = nil
}
