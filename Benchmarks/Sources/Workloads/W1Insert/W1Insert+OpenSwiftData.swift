// import OpenSwiftData   // uncomment when implementing

extension W1Insert {
    /// OpenSwiftData's W1, or nil while the library's core is pending. nil registers no
    /// benchmark, and `Benchmarks/run` prints n/a for the ratios.
    ///
    /// To implement: write `openSwiftData` below with exactly this signature, then set
    /// this constant to `openSwiftData`.
    ///
    ///     @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output
    ///
    /// - Store: at `run.storeURL` (a fresh directory each iteration), WAL journal and
    ///   synchronous NORMAL like the other engines.
    /// - Unmeasured: creating the ModelContainer (and so the table).
    /// - Measured, in one `run.measure { }`: for each of `fixture.people`, create the
    ///   model (a `@Model` class with `@Attribute(.unique) var id: UUID`, `firstName`,
    ///   `lastName`, `age: Int`) and insert it; then one `save()`.
    /// - Return: every model fetched back from a new context, mapped to `Person`.
    static let openSwiftDataImplementation: Implementation? = nil
}
