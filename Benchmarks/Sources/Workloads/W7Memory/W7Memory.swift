/// W7: memory. Peak resident memory per fetched model, fetching all 100,000 simple
/// (W1) models and holding them.
///
/// Not a timed benchmark: `memory-probe` runs it in a fresh process per engine (see
/// `ResidentMemory`) and reports (peak RSS during the measured region − RSS at its
/// start) / 100,000. Measured region: the fetch of all models, which are still alive
/// when it ends. Not measured: building the store (a separate process run).
public enum W7Memory {
    public static let label = "W7 memory \(Scale.name(count))"
    public static let count = Scale.rows(100_000)

    public struct Fixture: Sendable {
        /// The rows of the store.
        public let people: [Person]
        let expected: Digest
    }

    /// Every model fetched, in any order.
    public typealias Output = [Person]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        let people = PeopleFixture.make(count: count, seed: 0x5EED_0007)
        return Fixture(people: people, expected: people.digest)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.digest, fixture.expected, "\(label): fetched rows")
    }

    /// Builds the raw/GRDB store.
    static func seed(_ run: Iteration, _ fixture: Fixture) throws {
        try PeopleSQL.seed(run.storeURL, people: fixture.people)
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftDataImplementation).map { engine, body in
            .make(label, engine, freshStorePerIteration: false, iterations: 1,
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }
}
