import Foundation

/// W12: startup, every command-line run's fixed cost. On an existing store of a
/// forty-entity schema (`StartupEntities.swift`, written by OpenSwiftData in setup),
/// measured from nothing open to rows in hand: opening the store and the first fetch
/// of the 1,000 rows of one entity.
///
/// OpenSwiftData: a `ModelContainer` for all forty models (which checks the store's
/// tables against the schema), a context, one fetch. GRDB: a `DatabaseQueue` and one
/// fetch of records. Raw: a connection (with the shared settings) and one prepared
/// SELECT. The process is warm: package-benchmark's warm-up iteration has run, so
/// one-time costs of a fresh process (loading the binary, first use of the types'
/// metadata) are not in the figure.
public enum W12Startup {
    public static var label: String { "W12 startup 40 entities" }
    public static var rowCount: Int { 1_000 }

    /// 2026-01-13 12:00:00 UTC, whole seconds so that dates compare exactly.
    static let start = Date(timeIntervalSince1970: 1_768_305_600)

    public struct Fixture: Sendable {
        public let rows: [StartupRow]
        let expected: Digest
    }

    /// The fetched rows, in any order.
    public typealias Output = [StartupRow]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    /// The columns of `StartupEntity01` that every engine reads; the table is named
    /// after the model and each attribute is a column of its own name (dates as REAL
    /// seconds since 2001, see the engine's StorageAndBehaviour article).
    static let select = "SELECT name, value, createdAt FROM StartupEntity01"

    static func makeFixture() -> Fixture {
        let rows = (0..<rowCount).map { n in
            StartupRow(name: "Row \(n)", value: n * 7 % 1_000, createdAt: start.addingTimeInterval(Double(n * 60)))
        }
        return Fixture(rows: rows, expected: rows.digest)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.digest, fixture.expected, "\(label): rows fetched")
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftData).map { engine, body in
            .make(label, engine, freshStorePerIteration: false, iterations: Scale.iterations(30),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }
}

/// One row of `StartupEntity01`, as every engine hands it back.
public struct StartupRow: Equatable, Sendable {
    public var name: String
    public var value: Int
    public var createdAt: Date

    public var rowHash: RowHasher {
        var h = RowHasher()
        h.combine(name); h.combine(value); h.combine(createdAt.timeIntervalSince1970)
        return h
    }
}

extension Sequence where Element == StartupRow {
    public var digest: Digest { reduce(into: Digest()) { $0.add($1.rowHash) } }
}
