/// W7's second half for the growth curves: peak memory while every model of the store
/// is visited once and let go, which `ModelContext.enumerate` promises to do in bounded
/// memory (a batch at a time). Issue 17 asks that its peak not grow with the row count.
///
/// Measured region (for memory only, in a fresh process): visiting every row, each
/// folded into a digest and dropped. Not measured: building the store (a separate
/// process run), the fixture.
public enum W7Enumerate {
    public struct Fixture: Sendable {
        public let rowCount: Int
        /// The rows of the store: W7's people at this size.
        public let people: [Person]
        let expected: Digest
    }

    /// The digest of every row visited: proof that all were seen, without holding them.
    public typealias Output = Digest
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func label(rowCount: Int) -> String { "W7 enumerate \(Scale.name(rowCount))" }

    static func makeFixture(rowCount: Int) -> Fixture {
        let people = PeopleFixture.make(count: rowCount, seed: 0x5EED_0007)
        return Fixture(rowCount: rowCount, people: people, expected: people.digest)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output, fixture.expected, "\(label(rowCount: fixture.rowCount)): rows visited")
    }

    /// Raw SQLite and OpenSwiftData at `rowCount` rows. (GRDB's cursor is left out: the
    /// rule concerns `enumerate`, and raw stepping is its floor.)
    static func cases(rowCount: Int) -> [BenchmarkCase] {
        let bodies: [(Engine, Implementation)] = [(.raw, raw), (.openSwiftData, openSwiftData)]
        return bodies.map { engine, body in
            .make(label(rowCount: rowCount), engine, freshStorePerIteration: false, iterations: 1,
                  fixture: { makeFixture(rowCount: rowCount) }, implementation: body, verify: verify)
        }
    }
}
