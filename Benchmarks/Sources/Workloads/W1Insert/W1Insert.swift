/// W1: insert and save 100,000 simple models in one save (the published SwiftData
/// benchmark's 100k insert-and-save).
///
/// Measured: creating the models from the fixture's values, inserting them and the
/// one save/commit. Not measured: creating the store and its table, reading back.
public enum W1Insert {
    public static let label = "W1 insert \(Scale.name(count))"
    public static let count = Scale.rows(100_000)

    public struct Fixture: Sendable {
        /// The values of the models to insert.
        public let people: [Person]
        let expected: Digest
    }

    /// Every row of the store read back after the save, in any order.
    public typealias Output = [Person]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        let people = PeopleFixture.make(count: count)
        return Fixture(people: people, expected: people.digest)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.digest, fixture.expected, "\(label): rows read back")
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
