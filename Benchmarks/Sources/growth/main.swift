import Foundation
import Workloads

// Issue 17's growth curves, one case per process so that no case inherits another's
// heap (`Benchmarks/run --growth` drives it and draws the plot):
//
//   growth list timed|memory [--10m]   the cases, one name per line, smallest size first (timed:
//                                      the engines' cases, then the apps' W13 cases)
//   growth time NAME                   one warm-up and the measured iterations; one JSON line
//   growth seed NAME DIR               build a memory case's store in DIR (run once)
//   growth measure NAME DIR            its peak resident memory, in a fresh process; one JSON line
//
// Timing is as in the benchmark suite: only `Iteration.measure` is timed, each
// iteration's result is checked, writers get a new store per iteration.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("growth: \(message)\n".utf8))
    exit(1)
}

func printJSON(_ object: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { fail("unencodable result") }
    print(String(decoding: data, as: UTF8.self))
}

func allSizes(tenMillion: Bool) -> [Int] { Growth.defaultSizes + (tenMillion ? [Growth.tenMillion] : []) }

func find(_ name: String, memory: Bool) -> BenchmarkCase {
    if !memory, let app = AppGrowthCase.all.first(where: { $0.benchmarkCase.name == name }) { return app.benchmarkCase }
    for rows in allSizes(tenMillion: true) {
        if let found = (memory ? Growth.memory(rows: rows) : Growth.timed(rows: rows)).first(where: { $0.name == name }) { return found }
    }
    fail("no \(memory ? "memory" : "timed") case named \(name)")
}

func describe(_ benchmarkCase: BenchmarkCase) -> [String: Any] {
    if let app = AppGrowthCase.all.first(where: { $0.benchmarkCase.name == benchmarkCase.name }) {
        // An app's case is its own engine's figure: counted per unit, compared with itself at another size.
        return ["name": benchmarkCase.name, "label": benchmarkCase.label, "engine": "app", "workload": app.workload,
                "size": app.size, "rows": app.units, "unit": app.unit]
    }
    return ["name": benchmarkCase.name, "label": benchmarkCase.label, "engine": benchmarkCase.engine.rawValue,
            "rows": Growth.rows(of: benchmarkCase) ?? 0]
}

func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The clock at the start and end of a measured region. Not inlined, so that a profiler
/// can cut the region out by name, e.g.
/// `valgrind --tool=callgrind --zero-before='*measurementStarts*' --dump-before='*measurementEnds*' growth time NAME`.
@inline(never) func measurementStarts() -> UInt64 { monotonicNanoseconds() }
@inline(never) func measurementEnds() -> UInt64 { monotonicNanoseconds() }

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: growth list timed|memory [--10m] | time NAME | seed NAME DIR | measure NAME DIR"
guard let command = arguments.first else { fail(usage) }

switch command {
case "list":
    guard arguments.count >= 2, ["timed", "memory"].contains(arguments[1]) else { fail(usage) }
    let tenMillion = arguments.dropFirst(2).contains("--10m")
    for rows in allSizes(tenMillion: tenMillion) {
        for benchmarkCase in arguments[1] == "memory" ? Growth.memory(rows: rows) : Growth.timed(rows: rows) {
            print(benchmarkCase.name)
        }
    }
    if arguments[1] == "timed" {
        for app in AppGrowthCase.all.sorted(by: { ($0.workload, $0.size) < ($1.workload, $1.size) }) { print(app.benchmarkCase.name) }
    }

case "time":
    guard arguments.count == 2 else { fail(usage) }
    let benchmarkCase = find(arguments[1], memory: false)
    let started = monotonicNanoseconds()
    var samples: [Double] = []
    do {
        let body = try benchmarkCase.prepare()
        let shared = benchmarkCase.freshStorePerIteration ? nil : try ScratchDirectory.make("growth-store")
        defer { ScratchDirectory.removeRoot() }
        // One warm-up (index 0), then the measured iterations.
        for index in 0...benchmarkCase.iterations {
            let directory = try shared ?? ScratchDirectory.make("growth-iteration")
            defer { if shared == nil { ScratchDirectory.remove(directory) } }
            var start: UInt64 = 0
            let iteration = Iteration(directory: directory, isFirst: index == 0,
                                      startMeasurement: { start = measurementStarts() },
                                      stopMeasurement: {
                                          let end = measurementEnds()
                                          if index > 0 { samples.append(Double(end - start) / 1e6) }
                                      })
            try body(iteration)
        }
    } catch {
        fail("\(benchmarkCase.name): \(error)")
    }
    var result = describe(benchmarkCase)
    result["kind"] = "time"
    result["samples_ms"] = samples
    result["case_seconds"] = Double(monotonicNanoseconds() - started) / 1e9
    printJSON(result)

case "seed", "measure":
    guard arguments.count == 3 else { fail(usage) }
    let benchmarkCase = find(arguments[1], memory: true)
    let directory = URL(fileURLWithPath: arguments[2], isDirectory: true)
    var before = 0, peak = 0, peakWasReset = false
    do {
        let body = try benchmarkCase.prepare()
        let iteration = Iteration(directory: directory, isFirst: command == "seed",
                                  startMeasurement: {
                                      ResidentMemory.trimMalloc()
                                      peakWasReset = ResidentMemory.resetPeak()
                                      before = ResidentMemory.read().current
                                  },
                                  stopMeasurement: { peak = ResidentMemory.read().peak })
        try body(iteration)
    } catch {
        fail("\(benchmarkCase.name): \(error)")
    }
    if command == "measure" {
        var result = describe(benchmarkCase)
        let rows = Growth.rows(of: benchmarkCase) ?? 1
        result["kind"] = "memory"
        result["rss_before"] = before
        result["peak_rss"] = peak
        result["peak_reset"] = peakWasReset
        result["peak_bytes"] = peak - before
        result["bytes_per_row"] = Double(peak - before) / Double(max(rows, 1))
        printJSON(result)
    }

default:
    fail(usage)
}
