import Foundation

/// W16: move 10,000 loaded children from one parent to another, one to-one at a time.
///
/// Each move takes the child out of the first parent's to-many and adds it to the
/// second's: a cost per move that grows with the children shows here as a square
/// (assetflow's `category delete --reassign-to`).
///
/// Measured: setting each child's parent and the one save. Not measured: creating and
/// filling the store (fresh every iteration), loading both parents and the children
/// beforehand, reading back.
public enum W16MoveMembers {
    public static let label = "W16 move members \(Scale.name(childCount))"
    public static let childCount = Scale.rows(10_000)

    public struct Fixture: Sendable {
        public let fromID: UUID
        public let toID: UUID
        public let children: [W15NullifyDelete.Member]
    }

    /// What is left in the store after the save: both parents, and every child's parent.
    public typealias Output = W5CascadeDelete.Output

    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        var rng = SplitMix64(seed: 0x5EED_0016)
        let (fromID, toID) = (rng.uuid(), rng.uuid())
        let children = (0..<childCount).map { c in
            W15NullifyDelete.Member(id: rng.uuid(), name: "Child \(c)", value: rng.int(in: 0...1000))
        }
        return Fixture(fromID: fromID, toID: toID, children: children)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.parentIDs.count, 2, "\(label): parents left")
        try checkEqual(output.childParentIDs.count, childCount, "\(label): children left")
        try check(output.childParentIDs.allSatisfy { $0 == fixture.toID }, "\(label): a child is not with its new parent")
    }

    public static var cases: [BenchmarkCase] {
        let engines: [(Engine, Implementation)] = [(.raw, raw), (.openSwiftData, openSwiftData)]
        return engines.map { engine, body in
            .make(label, engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }
}
