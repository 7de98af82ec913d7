import Foundation
import Workloads

// Runs one iteration of one timed benchmark, for a profiler, or several, as the
// benchmark does (for a sampling profiler such as perf, whose samples then come
// mostly from the measured work rather than from building the store):
//
//   profile "W2 fetch 200k · OpenSwiftData"
//   OSD_POSTGRES_URL=postgres://… profile "PG W1 insert 100k · OpenSwiftData" 3
//   profile --sqlite-versions
//   perf record -g .build/release/profile "W2 fetch 200k · OpenSwiftData" 20
//   valgrind --tool=callgrind --toggle-collect='*Iteration*measure*' .build/release/profile "W1 insert 100k · OpenSwiftData"
//
// The workload's fixture is built and its store prepared as in the benchmark run; with
// `--toggle-collect` on `measure`, callgrind counts only the compared work.

// `profile --sqlite-versions` names the SQLite library of each engine, for the report.
if CommandLine.arguments.dropFirst().first == "--sqlite-versions" {
    print("SQLite: \(SQLiteVersions.system) (system library: raw, GRDB, OpenSwiftData); \(try SQLiteVersions.fluent()) (bundled by sqlite-nio: Fluent)")
    exit(0)
}

guard (2...3).contains(CommandLine.arguments.count), CommandLine.arguments.dropFirst(2).allSatisfy({ Int($0).map { $0 > 0 } ?? false }) else {
    print("usage: profile NAME [ITERATIONS]   (NAME one of:)")
    for benchmarkCase in Catalog.timed { print("  \(benchmarkCase.name)") }
    exit(2)
}
let name = CommandLine.arguments[1]
guard let benchmarkCase = Catalog.timed.first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data("profile: no benchmark named \(name)\n".utf8))
    exit(1)
}
let iterations = CommandLine.arguments.count == 3 ? Int(CommandLine.arguments[2])! : 1
// A workload's figures besides its time (W14's bytes on the wire) go to standard output
// unless BENCHMARK_FIGURES names a file.
setenv("BENCHMARK_FIGURES", "/dev/stdout", 0)
let body = try benchmarkCase.prepare()
let root = FileManager.default.temporaryDirectory.appendingPathComponent("openswiftdata-profile-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: root) }
for index in 0..<iterations {
    // As in the benchmark: a new store for workloads that write, the same one for reads.
    let directory = benchmarkCase.freshStorePerIteration ? root.appendingPathComponent("\(index)") : root
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var started = Date()
    // A PostgreSQL benchmark's store is a schema named after the directory, dropped after it.
    let postgres = benchmarkCase.postgres ? PostgresServer.location(for: directory) : nil
    defer { if let postgres, benchmarkCase.freshStorePerIteration || index == iterations - 1 { PostgresServer.dropSchema(of: postgres) } }
    let iteration = Iteration(directory: directory, isFirst: index == 0, postgres: postgres,
                              startMeasurement: { started = Date() },
                              stopMeasurement: { print(String(format: "%@: %.1f ms measured", name, Date().timeIntervalSince(started) * 1000)) })
    try body(iteration)
}
