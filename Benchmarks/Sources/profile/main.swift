import Foundation
import Workloads

// Runs one iteration of one timed benchmark, for a profiler:
//
//   profile "W2 fetch 200k · OpenSwiftData"
//   valgrind --tool=callgrind --toggle-collect='*Iteration*measure*' .build/release/profile "W1 insert 100k · OpenSwiftData"
//
// The workload's fixture is built and its store prepared as in the benchmark run; with
// `--toggle-collect` on `measure`, callgrind counts only the compared work.

guard CommandLine.arguments.count == 2 else {
    print("usage: profile NAME   (one of:)")
    for benchmarkCase in Catalog.timed { print("  \(benchmarkCase.name)") }
    exit(2)
}
let name = CommandLine.arguments[1]
guard let benchmarkCase = Catalog.timed.first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data("profile: no benchmark named \(name)\n".utf8))
    exit(1)
}
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openswiftdata-profile-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let body = try benchmarkCase.prepare()
var started = Date()
let iteration = Iteration(directory: directory, isFirst: true,
                          startMeasurement: { started = Date() },
                          stopMeasurement: { print(String(format: "%@: %.1f ms measured", name, Date().timeIntervalSince(started) * 1000)) })
try body(iteration)
