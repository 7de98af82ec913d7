/// One benchmark: one workload (or variant of it) run by one engine, type-erased so
/// that the benchmark suite and the memory probe can register and run every workload
/// the same way.
public struct BenchmarkCase: Sendable {
    /// The workload part of the name, e.g. `W1 insert 100k`.
    public let label: String
    public let engine: Engine
    /// Workloads that write get a new store directory on every iteration; read-only
    /// ones keep one directory for the whole benchmark and build the store once.
    public let freshStorePerIteration: Bool
    /// Whether the store is a PostgreSQL schema (`Iteration.postgres`) rather than a file.
    public var postgres = false
    /// Measured iterations after one warm-up; kept small so the whole run takes minutes.
    public let iterations: Int
    /// Builds the fixture (unmeasured, once per benchmark) and returns the body of one
    /// iteration: the implementation followed by the workload's result check.
    public let prepare: @Sendable () throws -> (Iteration) throws -> Void

    init(label: String, engine: Engine, freshStorePerIteration: Bool, iterations: Int,
         prepare: @escaping @Sendable () throws -> (Iteration) throws -> Void, postgres: Bool = false) {
        (self.label, self.engine, self.freshStorePerIteration) = (label, engine, freshStorePerIteration)
        (self.iterations, self.prepare, self.postgres) = (iterations, prepare, postgres)
    }

    /// The benchmark name, `<label> · <engine>`, which `Benchmarks/run` splits to pair
    /// the engines of one workload.
    public var name: String { "\(label) · \(engine.rawValue)" }

    /// Wraps a typed implementation and its check.
    static func make<Fixture, Output>(
        _ label: String,
        _ engine: Engine,
        freshStorePerIteration: Bool,
        iterations: Int,
        fixture: @escaping @Sendable () -> Fixture,
        implementation: @escaping @Sendable (Iteration, Fixture) throws -> Output,
        verify: @escaping @Sendable (Output, Fixture) throws -> Void,
        postgres: Bool = false
    ) -> BenchmarkCase {
        BenchmarkCase(
            label: label,
            engine: engine,
            freshStorePerIteration: freshStorePerIteration,
            iterations: iterations,
            prepare: {
                let fixture = fixture()
                return { iteration in
                    let output = try implementation(iteration, fixture)
                    try checkEqual(iteration.measuredRegions, 1, "\(label) · \(engine.rawValue): measured regions")
                    try verify(output, fixture)
                }
            },
            postgres: postgres
        )
    }
}

/// The implementations of one workload that exist, in engine order. Fluent runs only
/// the workloads that issue 17 names for it (W1-W6, W9).
func implementations<F, O>(
    raw: @escaping @Sendable (Iteration, F) throws -> O,
    grdb: @escaping @Sendable (Iteration, F) throws -> O,
    openSwiftData: (@Sendable (Iteration, F) throws -> O)?,
    fluent: (@Sendable (Iteration, F) throws -> O)? = nil
) -> [(Engine, @Sendable (Iteration, F) throws -> O)] {
    var result: [(Engine, @Sendable (Iteration, F) throws -> O)] = [(.raw, raw), (.grdb, grdb)]
    if let openSwiftData { result.append((.openSwiftData, openSwiftData)) }
    if let fluent { result.append((.fluent, fluent)) }
    return result
}

/// The three implementations of a workload on PostgreSQL, labelled `PG <label>`: raw
/// PostgresNIO (reported in the raw column), OpenSwiftData's PostgreSQL store and
/// Fluent's PostgreSQL driver. The OpenSwiftData and Fluent bodies are the SQLite
/// ones: they open their store through `Iteration.postgres` when it is set.
func postgresImplementations<F, O>(
    postgresNIO: @escaping @Sendable (Iteration, F) throws -> O,
    openSwiftData: @escaping @Sendable (Iteration, F) throws -> O,
    fluent: @escaping @Sendable (Iteration, F) throws -> O
) -> [(Engine, @Sendable (Iteration, F) throws -> O)] {
    guard PostgresServer.base != nil else { return [] }
    return [(.raw, postgresNIO), (.openSwiftData, openSwiftData), (.fluent, fluent)]
}
