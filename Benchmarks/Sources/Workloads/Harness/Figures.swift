import Foundation

/// Figures a benchmark reports besides its time (W14's bytes on the wire and each
/// device's share of the time): one JSON line per iteration, appended to the file that
/// BENCHMARK_FIGURES names (`Benchmarks/run` sets it; `Scripts/report.py` prints the
/// medians beside the table). Nothing is written when the variable is unset.
public enum Figures {
    static let path = ProcessInfo.processInfo.environment["BENCHMARK_FIGURES"].flatMap { $0.isEmpty ? nil : $0 }

    /// Appends `{"benchmark": "<label> · <engine>", "warmup": …, "figures": [[name, value], …]}`.
    /// The warm-up iteration's line is marked, and the report leaves it out.
    static func record(_ label: String, _ engine: Engine, warmUp: Bool, _ values: [(String, Double)]) {
        guard let path else { return }
        let object: [String: Any] = [
            "benchmark": "\(label) · \(engine.rawValue)",
            "warmup": warmUp,
            // Pairs, not an object: the report keeps the order they were recorded in.
            "figures": values.map { [$0.0, $0.1] as [Any] },
        ]
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        line.append(UInt8(ascii: "\n"))
        // One write with O_APPEND: lines of separate processes never interleave.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
