import Foundation
import QueryOracle
import FuzzChecks
import Testing

/// Runs a fuzz target's checks, without libFuzzer, over its corpus, its earlier findings
/// and `mutations` seeded mutations of its corpus, and reports every input it finds wrong.
struct Replay {
    /// One input the target found wrong, or that took longer than libFuzzer's limit.
    struct Failure: CustomStringConvertible {
        let input: String
        let data: Data
        let problem: String
        var description: String { "\(input): \(problem)\n  input: \"\(EscapedInput.text(data))\"" }
    }

    /// How many mutations each target gets: `OPENSWIFTDATA_FUZZ_MUTATIONS`, else 2,000 (a few seconds in a debug build).
    static var mutations: Int {
        ProcessInfo.processInfo.environment["OPENSWIFTDATA_FUZZ_MUTATIONS"].flatMap(Int.init) ?? 2_000
    }

    /// libFuzzer's `-timeout` in `Fuzz/run`: an input that takes longer is a finding there too.
    static let slowInput: TimeInterval = 10

    let target: any FuzzTarget
    let name: String

    init(_ type: any FuzzTarget.Type) throws {
        target = try type.init()
        name = type.name
    }

    /// Replays every input and returns the failures, after checking that there was a corpus to replay.
    func run(edgeValues: [Data], mutations: Int = Replay.mutations) throws -> (inputs: Int, failures: [Failure]) {
        let corpus = try FuzzInputs.corpus(name)
        try #require(!corpus.isEmpty, "Fuzz/Corpus/\(name) holds no inputs")
        var inputs = corpus.map { ("corpus file \($0.name)", $0.data) }
        inputs += try FuzzInputs.regressions(name).map { ("regression input \($0.name)", $0.data) }
        var mutator = Mutator(corpus: corpus.map(\.data), edgeValues: edgeValues, generator: SeededGenerator(seedText: name))
        inputs += (0..<mutations).map { ("mutation \($0)", mutator.next()) }
        let failures = inputs.compactMap { label, data in check(data, label: label) }
        return (inputs.count, failures)
    }

    private func check(_ data: Data, label: String) -> Failure? {
        let started = Date()
        do {
            try target.run(data)
        } catch let finding as Finding {
            return Failure(input: label, data: data, problem: finding.description)
        } catch {
            return Failure(input: label, data: data, problem: "an error came through unjudged: \(error)")
        }
        let seconds = Date().timeIntervalSince(started)
        if seconds > Self.slowInput {
            return Failure(input: label, data: data, problem: "took \(Int(seconds)) s, more than libFuzzer's \(Int(Self.slowInput)) s")
        }
        return nil
    }

    /// Records each failure (the first 20) as an issue of the running test.
    static func expectNone(_ result: (inputs: Int, failures: [Failure]), sourceLocation: SourceLocation = #_sourceLocation) {
        for failure in result.failures.prefix(20) {
            Issue.record("\(failure)", sourceLocation: sourceLocation)
        }
        #expect(result.failures.isEmpty, "\(result.failures.count) of \(result.inputs) inputs failed",
                sourceLocation: sourceLocation)
    }
}
