/// The three ways every workload runs. The raw value is the suffix of the benchmark
/// name (`W1 insert 100k · raw`), which `Benchmarks/run` uses to pair results.
public enum Engine: String, CaseIterable, Sendable {
    case raw = "raw"
    case grdb = "GRDB"
    case openSwiftData = "OpenSwiftData"
}
