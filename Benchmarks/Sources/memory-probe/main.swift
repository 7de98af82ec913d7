import Foundation
import Workloads

// W7's probe: one process per measurement, so the resident set holds nothing but the
// runtime, the fixture and the fetched models.
//
//   memory-probe list                  engines that implement W7, one per line
//   memory-probe seed ENGINE DIR       build ENGINE's store in DIR (run once)
//   memory-probe measure ENGINE DIR    fetch in a fresh process, print one JSON line
//
// Bytes per model = (VmHWM after the fetch − VmRSS before it) / model count, with
// VmHWM reset at the start of the fetch and malloc_trim run first so that memory
// freed earlier (seeding, fixture building) cannot absorb the fetch's allocations.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("memory-probe: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard let command = arguments.first else { fail("usage: memory-probe list | seed ENGINE DIR | measure ENGINE DIR") }

if command == "list" {
    for benchmarkCase in Catalog.memory { print(benchmarkCase.engine.rawValue) }
    exit(0)
}

let rest = Array(arguments.dropFirst())
guard rest.count == 2, command == "seed" || command == "measure" else { fail("usage: memory-probe list | seed ENGINE DIR | measure ENGINE DIR") }
guard let benchmarkCase = Catalog.memory.first(where: { $0.engine.rawValue == rest[0] }) else { fail("no W7 implementation for \(rest[0])") }
let directory = URL(fileURLWithPath: rest[1], isDirectory: true)

var before = 0, peak = 0, peakWasReset = false
do {
    let body = try benchmarkCase.prepare()
    let iteration = Iteration(
        directory: directory,
        isFirst: command == "seed",
        startMeasurement: {
            ResidentMemory.trimMalloc()
            peakWasReset = ResidentMemory.resetPeak()
            before = ResidentMemory.read().current
        },
        stopMeasurement: { peak = ResidentMemory.read().peak }
    )
    try body(iteration) // runs the implementation, then checks what it fetched
} catch {
    fail("\(benchmarkCase.name): \(error)")
}

if command == "measure" {
    let models = W7Memory.count
    let json: [String: Any] = [
        "engine": benchmarkCase.engine.rawValue,
        "models": models,
        "rss_before": before,
        "peak_rss": peak,
        "peak_reset": peakWasReset,
        "bytes_per_model": Double(peak - before) / Double(models),
    ]
    let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}
