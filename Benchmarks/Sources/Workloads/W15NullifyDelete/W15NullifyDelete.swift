import Foundation

/// W15: delete one parent whose 10,000 children are loaded, under a nullify rule.
///
/// One parent holds every child, so the delete rule's work is all on one relationship:
/// a cost that grows faster than the number of children shows here and nowhere in W5,
/// whose parents hold ten each.
///
/// Measured: deleting the parent and the one save that deletes it and, by the nullify
/// rule, clears the parent of its 10,000 children. Not measured: creating and filling
/// the store (fresh every iteration), loading the parent and its children beforehand,
/// reading back.
public enum W15NullifyDelete {
    public static let label = "W15 nullify delete \(Scale.name(childCount))"
    public static let childCount = Scale.rows(10_000)

    public struct Member: Sendable {
        public let id: UUID
        public let name: String
        public let value: Int
    }

    public struct Fixture: Sendable {
        public let parentID: UUID
        public let parentName: String
        public let children: [Member]
    }

    /// What is left in the store after the save: W5's survivors, parents and their children's parents.
    public typealias Output = W5CascadeDelete.Output

    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        var rng = SplitMix64(seed: 0x5EED_0015)
        let parentID = rng.uuid()
        let children = (0..<childCount).map { c in Member(id: rng.uuid(), name: "Child \(c)", value: rng.int(in: 0...1000)) }
        return Fixture(parentID: parentID, parentName: "Parent", children: children)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(fixture.children.count, childCount, "\(label): children in fixture")
        try checkEqual(output.parentIDs.count, 0, "\(label): parents left")
        // A nullify that went as far as a cascade would leave fewer children.
        try checkEqual(output.childParentIDs.count, childCount, "\(label): children left")
        try check(output.childParentIDs.allSatisfy { $0 == nil }, "\(label): a child left behind still has a parent")
    }

    public static var cases: [BenchmarkCase] {
        // `implementations(...)` requires a GRDB body; W15 compares OpenSwiftData with
        // the SQLite floor only, so the two engines are listed here.
        let engines: [(Engine, Implementation)] = [(.raw, raw), (.openSwiftData, openSwiftData)]
        return engines.map { engine, body in
            .make(label, engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }
}
