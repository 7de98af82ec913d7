/// W11: W1's 100,000 models inserted in 1,000 saves of 100, by a context with an
/// author, so that every save also records its transaction in the store's history
/// (one transaction row and one change row per model).
///
/// W1 is one save; here the cost per save (transaction, history's transaction row,
/// prepared statements looked up again) is paid 1,000 times. Raw SQLite and GRDB
/// do the same 1,000 transactions without history, so OpenSwiftData's ratio to raw
/// here, set against its ratio in W1, is what history and the save cost per save.
///
/// Measured: creating and inserting the models, and the 1,000 saves. Not measured:
/// creating the store, reading back, checking the history.
public enum W11HistorySaves {
    public static let label = "W11 insert \(Scale.name(count)) in \(Scale.name(count / perSave)) saves with history"
    public static let count = Scale.rows(100_000)
    public static let perSave = 100

    public struct Fixture: Sendable {
        public let people: [Person]
        let expected: Digest
    }

    /// Every row of the store read back after the saves, in any order.
    public typealias Output = [Person]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        let people = PeopleFixture.make(count: count, seed: 0x5EED_0011)
        return Fixture(people: people, expected: people.digest)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.digest, fixture.expected, "\(label): rows read back")
    }

    /// The fixture's people in runs of `perSave`, one per save.
    static func batches(_ people: [Person]) -> [ArraySlice<Person>] {
        stride(from: 0, to: people.count, by: perSave).map { people[$0..<min($0 + perSave, people.count)] }
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftDataImplementation).map { engine, body in
            .make(label, engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }
}
