/// W4: update one attribute (`age += 1`) on all 100,000 models and save.
///
/// Measured: changing the attribute on every model already in memory and the one
/// save that writes the changes. Not measured: creating and filling the store (fresh
/// every iteration, since the workload writes), fetching the models beforehand,
/// reading back. The fetch is left out so that W4 isolates change tracking and the
/// write; W2/W3/W7 cover fetching.
public enum W4UpdateAll {
    public static let label = "W4 update \(Scale.name(count))"
    public static let count = Scale.rows(100_000)

    public struct Fixture: Sendable {
        /// The store's rows before the update.
        public let people: [Person]
        let expected: Digest
    }

    /// Every row of the store read back after the save, in any order.
    public typealias Output = [Person]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        let people = PeopleFixture.make(count: count, seed: 0x5EED_0004)
        let updated = people.map { Person(id: $0.id, firstName: $0.firstName, lastName: $0.lastName, age: $0.age + 1) }
        return Fixture(people: people, expected: updated.digest)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.digest, fixture.expected, "\(label): rows read back (every age + 1)")
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
