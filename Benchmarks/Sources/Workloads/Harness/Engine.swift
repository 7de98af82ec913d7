/// The ways a workload runs. The raw value is the suffix of the benchmark name
/// (`W1 insert 100k · raw`), which `Benchmarks/run` uses to pair results.
public enum Engine: String, CaseIterable, Sendable {
    case raw = "raw"
    case grdb = "GRDB"
    /// GRDB with a Codable record instead of hand-written decoding: only the Orders
    /// leaderboard, where Lighter's suite and SQLiteData publish it.
    case grdbCodable = "GRDB Codable"
    case openSwiftData = "OpenSwiftData"
    /// Fluent on its SQLite driver: what a server-side Swift developer picks for an ORM
    /// on Linux. Implemented for W1-W6 and W9.
    case fluent = "Fluent"
}
