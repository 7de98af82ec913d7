import Foundation

/// Temporary directories for stores. Everything lives under one root per process so
/// that a crashed run leaves at most one folder behind in the temp directory.
public enum ScratchDirectory {
    /// Honours BENCHMARK_SCRATCH (set by `Benchmarks/run`) so stores can be put on a
    /// chosen disk; defaults to the system temp directory.
    static let root: URL = {
        let base = ProcessInfo.processInfo.environment["BENCHMARK_SCRATCH"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("openswiftdata-bench-\(getpid())", isDirectory: true)
    }()

    /// Creates a new, empty directory.
    public static func make(_ label: String) throws -> URL {
        let url = root.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    public static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// Removes the per-process root (call at the end of a benchmark's teardown).
    public static func removeRoot() {
        try? FileManager.default.removeItem(at: root)
    }
}
