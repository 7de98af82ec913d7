// import OpenSwiftData   // uncomment when implementing

extension W5CascadeDelete {
    /// OpenSwiftData's W5, or nil while the library's core is pending. nil registers no
    /// benchmark, and `Benchmarks/run` prints n/a for the ratios.
    ///
    /// To implement: write `openSwiftData` below with exactly this signature, then set
    /// this constant to `openSwiftData`.
    ///
    ///     @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output
    ///
    /// - Models: `Parent` (`@Attribute(.unique) var id: UUID`, `name: String`,
    ///   `@Relationship(deleteRule: .cascade, inverse: \Child.parent) var children: [Child]`)
    ///   and `Child` (`id: UUID`, `name: String`, `value: Int`, `parent: Parent?`).
    /// - Store: at `run.storeURL`, a fresh directory each iteration.
    /// - Unmeasured: creating the container, inserting and saving `fixture.parents` and
    ///   `fixture.children` (each child's parent is `parentID`), then fetching the
    ///   parents whose id is in `fixture.doomedIDs` into one context.
    /// - Measured, in one `run.measure { }`: `context.delete(parent)` for each of them,
    ///   then one `save()`; the cascade must delete their children.
    /// - Return: `Output(parentIDs:childParentIDs:)` from a new context: the ids of
    ///   the parents left and, for every child left, its parent's id.
    static let openSwiftDataImplementation: Implementation? = nil
}
