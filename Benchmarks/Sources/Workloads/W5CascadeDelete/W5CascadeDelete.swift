import Foundation

/// W5: cascade-delete 10,000 parents with 10 children each.
///
/// The store holds 11,000 parents with 10 children each; every 11th parent is kept, so
/// the check can tell a cascade that went too far from one that did its job.
///
/// Measured: deleting each of the 10,000 doomed parents and the one save that deletes
/// them and, by the cascade rule, their 100,000 children. Not measured: creating and
/// filling the store (fresh every iteration), loading the doomed parents beforehand,
/// reading back.
public enum W5CascadeDelete {
    public static let label = "W5 cascade delete \(Scale.name(doomedCount))"
    public static let doomedCount = Scale.rows(10_000)
    public static let keepEvery = 11
    public static let childrenPerParent = 10

    public struct Fixture: Sendable {
        public let parents: [Parent]
        public let children: [Child]
        /// The ids of the parents to delete, in primary-key order.
        public let doomedIDs: [UUID]
        let keptIDs: Set<UUID>
    }

    /// What is left in the store after the save.
    public struct Output: Sendable {
        public var parentIDs: [UUID]
        /// The parent of every remaining child.
        public var childParentIDs: [UUID?]

        public init(parentIDs: [UUID], childParentIDs: [UUID?]) {
            self.parentIDs = parentIDs
            self.childParentIDs = childParentIDs
        }
    }

    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        var rng = SplitMix64(seed: 0x5EED_0005)
        let parentCount = doomedCount * keepEvery / (keepEvery - 1)
        var parents: [Parent] = [], children: [Child] = [], doomed: [UUID] = [], kept = Set<UUID>()
        for p in 0..<parentCount {
            let parent = Parent(id: rng.uuid(), name: "Parent \(p)")
            parents.append(parent)
            if p % keepEvery == keepEvery - 1 { kept.insert(parent.id) } else { doomed.append(parent.id) }
            for c in 0..<childrenPerParent {
                children.append(Child(id: rng.uuid(), name: "Child \(p).\(c)", value: rng.int(in: 0...1000), parentID: parent.id))
            }
        }
        // In primary-key (BLOB byte) order: the order in which a fetch by id through the
        // key's index returns the parents, so that no engine gets a friendlier delete order.
        doomed.sort { a, b in
            withUnsafeBytes(of: a.uuid) { a in withUnsafeBytes(of: b.uuid) { b in a.lexicographicallyPrecedes(b) } }
        }
        return Fixture(parents: parents, children: children, doomedIDs: doomed, keptIDs: kept)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(fixture.doomedIDs.count, doomedCount, "\(label): doomed parents in fixture")
        try checkEqual(output.parentIDs.count, fixture.keptIDs.count, "\(label): parents left")
        try check(Set(output.parentIDs) == fixture.keptIDs, "\(label): the parents left are not the kept ones")
        try checkEqual(output.childParentIDs.count, fixture.keptIDs.count * childrenPerParent, "\(label): children left")
        try check(output.childParentIDs.allSatisfy { $0.map(fixture.keptIDs.contains) ?? false },
                  "\(label): a child left behind has no parent or a deleted one")
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftDataImplementation, fluent: fluent).map { engine, body in
            .make(label, engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }

    /// The same workload on PostgreSQL (`OSD_POSTGRES_URL`): PostgresNIO, OpenSwiftData, Fluent.
    public static var postgresCases: [BenchmarkCase] {
        postgresImplementations(postgresNIO: postgresNIO, openSwiftData: openSwiftData, fluent: fluent).map { engine, body in
            .make("PG \(label)", engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify, postgres: true)
        }
    }
}
