import Foundation
import OpenSwiftDataPostgres

/// What the harness hands an implementation on every iteration of a benchmark.
///
/// An implementation does its own setup (open or create its store, pre-fill rows),
/// wraps exactly the work being compared in one `measure { }` call, and afterwards
/// reads back whatever the workload's `Output` asks for, so that the harness can
/// check the result outside the measured region.
public final class Iteration {
    /// A directory for this implementation's store. For workloads that write, it is
    /// new and empty on every iteration; for read-only workloads it is the same
    /// directory for every iteration of one benchmark, so that the store is built
    /// once (see `once`).
    public let directory: URL

    /// The conventional store file inside `directory`.
    public var storeURL: URL { directory.appendingPathComponent("store.sqlite") }

    /// True on the first iteration of a benchmark (warm-up included).
    public let isFirst: Bool

    /// For the `PG …` benchmarks: the server, database and schema of this iteration's
    /// store (its own schema, made and dropped with `directory`). Nil for SQLite.
    public let postgres: PostgresStoreLocation?

    private let startMeasurement: () -> Void
    private let stopMeasurement: () -> Void
    private(set) var measuredRegions = 0

    public init(
        directory: URL,
        isFirst: Bool,
        postgres: PostgresStoreLocation? = nil,
        startMeasurement: @escaping () -> Void,
        stopMeasurement: @escaping () -> Void
    ) {
        self.directory = directory
        self.isFirst = isFirst
        self.postgres = postgres
        self.startMeasurement = startMeasurement
        self.stopMeasurement = stopMeasurement
    }

    /// Runs `body` as the measured region. Call it exactly once per iteration: the
    /// harness rejects an iteration that measured nothing or measured twice, since
    /// either would make the medians incomparable.
    public func measure<T>(_ body: () throws -> T) rethrows -> T {
        measuredRegions += 1
        startMeasurement()
        defer { stopMeasurement() }
        return try body()
    }

    /// Runs `body` only on the first iteration of the benchmark, unmeasured. Read-only
    /// workloads build their store here: `directory` persists across iterations.
    public func once(_ body: () throws -> Void) rethrows {
        if isFirst { try body() }
    }
}
