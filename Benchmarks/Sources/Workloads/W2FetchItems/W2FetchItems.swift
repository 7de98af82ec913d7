/// W2: fetch 200,000 rows of 10 integer attributes into models. This is GRDB's own
/// performance workload (Tests/Performance/GRDBPerformance, FetchRecordOptimizedTests):
/// the same table, `item(i0 INT, ..., i9 INT)`, and the same rows (row n holds n in
/// every column).
///
/// Measured: the fetch of all rows into an array of models. Not measured: building
/// the store (once per benchmark), opening the connection, the check.
public enum W2FetchItems {
    public static let label = "W2 fetch \(Scale.name(count))"
    public static let count = Scale.rows(200_000)

    public static let createTable = "CREATE TABLE item (i0 INT, i1 INT, i2 INT, i3 INT, i4 INT, i5 INT, i6 INT, i7 INT, i8 INT, i9 INT)"

    public struct Fixture: Sendable {
        public let rowCount: Int
    }

    /// The fetched models, in any order.
    public typealias Output = [Item]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    /// Builds the raw/GRDB store, as GRDB's `generateSQLiteDatabaseIfMissing` does.
    static func seed(_ run: Iteration, _ fixture: Fixture) throws {
        let db = try RawDatabase(run.storeURL)
        try db.execute(createTable)
        let insert = try db.prepare("INSERT INTO item (i0, i1, i2, i3, i4, i5, i6, i7, i8, i9) VALUES (?,?,?,?,?,?,?,?,?,?)")
        try db.transaction {
            for n in 0..<fixture.rowCount {
                for column in Int32(1)...10 { insert.bind(column, n) }
                try insert.run()
            }
        }
    }

    /// Every value 0..<count appears once, with all ten columns equal.
    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.count, fixture.rowCount, "\(label): row count")
        var seen = [Bool](repeating: false, count: fixture.rowCount)
        for item in output {
            let n = item.i0
            try check(n >= 0 && n < fixture.rowCount && !seen[n], "\(label): unexpected or repeated row \(n)")
            try check([item.i1, item.i2, item.i3, item.i4, item.i5, item.i6, item.i7, item.i8, item.i9].allSatisfy { $0 == n },
                      "\(label): row \(n) has differing columns: \(item)")
            seen[n] = true
        }
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftDataImplementation, fluent: fluent).map { engine, body in
            .make(label, engine, freshStorePerIteration: false, iterations: Scale.iterations(15),
                  fixture: { Fixture(rowCount: count) }, implementation: body, verify: verify)
        }
    }

    /// The same workload on PostgreSQL (`OSD_POSTGRES_URL`): PostgresNIO, OpenSwiftData, Fluent.
    public static var postgresCases: [BenchmarkCase] {
        postgresImplementations(postgresNIO: postgresNIO, openSwiftData: openSwiftData, fluent: fluent).map { engine, body in
            .make("PG \(label)", engine, freshStorePerIteration: false, iterations: Scale.iterations(15),
                  fixture: { Fixture(rowCount: count) }, implementation: body, verify: verify, postgres: true)
        }
    }
}
