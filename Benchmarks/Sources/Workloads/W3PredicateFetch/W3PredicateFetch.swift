/// W3: a predicate fetch, `firstName == "Jane"` sorted by age, on 100,000 and on
/// 1,000,000 rows, without and with an index on firstName. Four variants, each run by
/// every engine.
///
/// Measured: the fetch of the matching models, sorted. Not measured: building the
/// store (once per benchmark), opening the connection, the check.
public enum W3PredicateFetch {
    public static let name = "Jane"

    public struct Fixture: Sendable {
        public let rowCount: Int
        /// Whether the store has an index on `firstName` (the variant under test).
        public let indexed: Bool
        /// The rows of the store.
        public let people: [Person]
        /// The `firstName` to match.
        public let firstName: String
        let expectedAges: [Int]
        let expected: Digest
    }

    /// The fetched models in the order the fetch returned them (ascending age).
    public typealias Output = [Person]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func label(rowCount: Int, indexed: Bool) -> String {
        "W3 Jane \(rowCount >= 1_000_000 ? "\(rowCount / 1_000_000)M" : "\(rowCount / 1000)k") \(indexed ? "index" : "no index")"
    }

    static func makeFixture(rowCount: Int, indexed: Bool) -> Fixture {
        let people = PeopleFixture.make(count: rowCount)
        let matches = people.filter { $0.firstName == name }
        return Fixture(rowCount: rowCount, indexed: indexed, people: people, firstName: name,
                       expectedAges: matches.map(\.age).sorted(), expected: matches.digest)
    }

    /// Same rows as the filter over the fixture, ages ascending. Rows of equal age may
    /// come in any order, so order is checked through the age sequence only.
    static func verify(_ output: Output, _ fixture: Fixture) throws {
        let label = label(rowCount: fixture.rowCount, indexed: fixture.indexed)
        try checkEqual(output.digest, fixture.expected, "\(label): matching rows")
        try check(output.map(\.age) == fixture.expectedAges, "\(label): rows not sorted by age")
    }

    /// Builds the raw/GRDB store (the same schema and bytes for both).
    static func seed(_ run: Iteration, _ fixture: Fixture) throws {
        try PeopleSQL.seed(run.storeURL, people: fixture.people, indexed: fixture.indexed)
    }

    public static var cases: [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        for fullCount in [100_000, 1_000_000] {
            let rowCount = Scale.rows(fullCount)
            for indexed in [false, true] {
                let label = label(rowCount: rowCount, indexed: indexed)
                for (engine, body) in implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftDataImplementation, fluent: fluent) {
                    cases.append(.make(label, engine, freshStorePerIteration: false, iterations: Scale.iterations(fullCount > 100_000 ? 10 : 20),
                                       fixture: { makeFixture(rowCount: rowCount, indexed: indexed) },
                                       implementation: body, verify: verify))
                }
            }
        }
        return cases
    }

    /// The same four variants on PostgreSQL (`OSD_POSTGRES_URL`): PostgresNIO, OpenSwiftData, Fluent.
    public static var postgresCases: [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        for fullCount in [100_000, 1_000_000] {
            let rowCount = Scale.rows(fullCount)
            for indexed in [false, true] {
                let label = label(rowCount: rowCount, indexed: indexed)
                for (engine, body) in postgresImplementations(postgresNIO: postgresNIO, openSwiftData: openSwiftData, fluent: fluent) {
                    cases.append(.make("PG \(label)", engine, freshStorePerIteration: false, iterations: Scale.iterations(fullCount > 100_000 ? 10 : 20),
                                       fixture: { makeFixture(rowCount: rowCount, indexed: indexed) },
                                       implementation: body, verify: verify, postgres: true))
                }
            }
        }
        return cases
    }
}
