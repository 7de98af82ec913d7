import Foundation

/// Workload sizes and iteration counts. `Benchmarks/run --quick` sets
/// BENCHMARK_QUICK=1 for every process it starts (package-benchmark's, the memory
/// probe's), and each workload then runs a tenth of its rows with fewer iterations:
/// the same table in a few minutes, to check a hot-path change before it lands. The
/// ratios at that size are indicative only (fixed costs weigh more, noise more).
public enum Scale {
    public static let isQuick = ProcessInfo.processInfo.environment["BENCHMARK_QUICK"] == "1"

    /// `full` rows, or a tenth of them in quick mode.
    static func rows(_ full: Int) -> Int { isQuick ? full / 10 : full }

    /// `full` measured iterations, or a third of them (at least three) in quick mode.
    static func iterations(_ full: Int) -> Int { isQuick ? max(3, full / 3) : full }

    /// A row count as benchmark names print it: `100k`, `1M`.
    static func name(_ count: Int) -> String {
        if count >= 1_000_000, count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
        if count >= 1_000, count % 1_000 == 0 { return "\(count / 1_000)k" }
        return "\(count)"
    }
}
