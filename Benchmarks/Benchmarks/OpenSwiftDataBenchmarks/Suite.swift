import Benchmark
import Foundation
import Workloads

/// Registers every timed workload for every engine that implements it. Each benchmark
/// runs in its own process (package-benchmark's design); setup builds the fixture and,
/// for read-only workloads, the store directory, outside all measurement.
let benchmarks: @Sendable () -> Void = {
    for benchmarkCase in Catalog.timed {
        register(benchmarkCase)
    }
}

/// State shared by the setup, the iterations and the teardown of one benchmark.
private final class CaseState: @unchecked Sendable {
    var body: ((Iteration) throws -> Void)?
    var sharedDirectory: URL?
    var iterationsRun = 0
}

private func register(_ benchmarkCase: BenchmarkCase) {
    let state = CaseState()
    Benchmark(
        benchmarkCase.name,
        configuration: .init(
            // Wall clock is the reported metric. (CPU time was tried as a check on runs
            // disturbed by other load, but here it ticks in 10 ms steps.) Throughput is
            // there because the JMH export, which `run` parses, requires it.
            metrics: [.wallClock, .throughput],
            // Exported samples are whole numbers in these units: microseconds keep W8's few milliseconds precise.
            timeUnits: .microseconds,
            warmupIterations: 1,
            // Iteration counts are the limit; the duration only stops a runaway.
            maxDuration: .seconds(120),
            maxIterations: benchmarkCase.iterations
        ),
        closure: { benchmark in
            guard let body = state.body else { throw WorkloadError("setup did not run") }
            let directory = try state.sharedDirectory ?? ScratchDirectory.make("iteration")
            // A PostgreSQL store is a schema named after the directory, dropped with it.
            let postgres = benchmarkCase.postgres ? PostgresServer.location(for: directory) : nil
            if benchmarkCase.postgres, postgres == nil { throw WorkloadError("\(PostgresServer.urlVariable) is not a PostgreSQL URL") }
            defer {
                if state.sharedDirectory == nil {
                    ScratchDirectory.remove(directory)
                    if let postgres { PostgresServer.dropSchema(of: postgres) }
                }
            }
            let iteration = Iteration(
                directory: directory,
                isFirst: state.iterationsRun == 0,
                postgres: postgres,
                startMeasurement: { benchmark.startMeasurement() },
                stopMeasurement: { benchmark.stopMeasurement() }
            )
            state.iterationsRun += 1
            try body(iteration)
        },
        setup: {
            state.body = try benchmarkCase.prepare()
            if !benchmarkCase.freshStorePerIteration {
                state.sharedDirectory = try ScratchDirectory.make("store")
            }
        },
        teardown: {
            state.body = nil
            if benchmarkCase.postgres, let directory = state.sharedDirectory, let postgres = PostgresServer.location(for: directory) {
                PostgresServer.dropSchema(of: postgres)
            }
            ScratchDirectory.removeRoot()
        }
    )
}
