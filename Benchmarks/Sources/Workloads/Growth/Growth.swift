import Foundation

/// Issue 17's growth curves: W1 (insert), W2 (fetch), W3 (predicate, with and without
/// an index) and W4 (update all) at 10k, 100k, 1M and, on request, 10M rows, for raw
/// SQLite, GRDB and OpenSwiftData; and W7's peak memory for a fetch and for
/// `ModelContext.enumerate` at the same sizes. The workloads are the table's own
/// implementations and checks, only the row count differs; `growth` (the executable)
/// runs each case in a fresh process, and `Benchmarks/run --growth` drives it.
public enum Growth {
    /// The default sizes; `Benchmarks/run --growth --10m` adds `tenMillion`.
    public static let defaultSizes = [10_000, 100_000, 1_000_000]
    public static let tenMillion = 10_000_000

    /// Measured iterations after the one warm-up: fewer as the size grows, so that the
    /// default run (to 1M) stays near a quarter of an hour on this machine.
    public static func iterations(rows: Int) -> Int {
        switch rows {
        case ..<100_000: 10
        case ..<1_000_000: 5
        case ..<10_000_000: 3
        default: 1
        }
    }

    /// Every timed case at `rows`, in run order.
    public static func timed(rows: Int) -> [BenchmarkCase] {
        let iterations = iterations(rows: rows)
        var cases: [BenchmarkCase] = []

        let w1 = "W1 insert \(Scale.name(rows))"
        for (engine, body) in implementations(raw: W1Insert.raw, grdb: W1Insert.grdb, openSwiftData: W1Insert.openSwiftData) {
            cases.append(.make(w1, engine, freshStorePerIteration: true, iterations: iterations,
                               fixture: {
                                   let people = PeopleFixture.make(count: rows)
                                   return W1Insert.Fixture(people: people, expected: people.digest)
                               },
                               implementation: body, verify: W1Insert.verify))
        }

        let w2 = "W2 fetch \(Scale.name(rows))"
        for (engine, body) in implementations(raw: W2FetchItems.raw, grdb: W2FetchItems.grdb, openSwiftData: W2FetchItems.openSwiftData) {
            cases.append(.make(w2, engine, freshStorePerIteration: false, iterations: iterations,
                               fixture: { W2FetchItems.Fixture(rowCount: rows) },
                               implementation: body, verify: W2FetchItems.verify))
        }

        for indexed in [false, true] {
            let w3 = W3PredicateFetch.label(rowCount: rows, indexed: indexed)
            for (engine, body) in implementations(raw: W3PredicateFetch.raw, grdb: W3PredicateFetch.grdb,
                                                  openSwiftData: W3PredicateFetch.openSwiftData) {
                cases.append(.make(w3, engine, freshStorePerIteration: false, iterations: iterations,
                                   fixture: { W3PredicateFetch.makeFixture(rowCount: rows, indexed: indexed) },
                                   implementation: body, verify: W3PredicateFetch.verify))
            }
        }

        let w4 = "W4 update \(Scale.name(rows))"
        for (engine, body) in implementations(raw: W4UpdateAll.raw, grdb: W4UpdateAll.grdb, openSwiftData: W4UpdateAll.openSwiftData) {
            cases.append(.make(w4, engine, freshStorePerIteration: true, iterations: iterations,
                               fixture: {
                                   let people = PeopleFixture.make(count: rows, seed: 0x5EED_0004)
                                   let updated = people.map { Person(id: $0.id, firstName: $0.firstName, lastName: $0.lastName, age: $0.age + 1) }
                                   return W4UpdateAll.Fixture(people: people, expected: updated.digest)
                               },
                               implementation: body, verify: W4UpdateAll.verify))
        }
        return cases
    }

    /// W7 at `rows`: the fetch of every model (raw, GRDB, OpenSwiftData) and the
    /// enumeration of every model (raw, OpenSwiftData). Run by the memory command.
    public static func memory(rows: Int) -> [BenchmarkCase] {
        let fetch = "W7 fetch \(Scale.name(rows))"
        let fetchCases: [BenchmarkCase] = implementations(raw: W7Memory.raw, grdb: W7Memory.grdb, openSwiftData: W7Memory.openSwiftData)
            .map { engine, body in
                .make(fetch, engine, freshStorePerIteration: false, iterations: 1,
                      fixture: {
                          let people = PeopleFixture.make(count: rows, seed: 0x5EED_0007)
                          return W7Memory.Fixture(people: people, expected: people.digest)
                      },
                      implementation: body, verify: W7Memory.verify)
            }
        return fetchCases + W7Enumerate.cases(rowCount: rows)
    }

    /// The row count a growth case was made for, read back from its label (`… 1M …`).
    public static func rows(of benchmarkCase: BenchmarkCase) -> Int? {
        for word in benchmarkCase.label.split(separator: " ").reversed() {
            if word.hasSuffix("M"), let n = Int(word.dropLast()) { return n * 1_000_000 }
            if word.hasSuffix("k"), let n = Int(word.dropLast()) { return n * 1_000 }
        }
        return nil
    }
}

/// The reference apps' workloads in the growth run (issue 37): W13's cases, each at two
/// sizes, with what their cost is counted per (a card, a deck line, an event, an asset, a
/// day), so that the run can show each app's cost per unit flat from the smaller size to
/// the larger.
public struct AppGrowthCase {
    public let benchmarkCase: BenchmarkCase
    /// The workload without its size: `W13 trendy JSON import`.
    public let workload: String
    /// The size the case is run at: rows imported, or, for AssetFlow's monthly import,
    /// which month's import is measured.
    public let size: Int
    /// What the measured time is divided by for a cost per unit.
    public let units: Int
    public let unit: String

    /// W13's cases with their sizes and units.
    public static var all: [AppGrowthCase] {
        W13AppImports.cases.compactMap(AppGrowthCase.init)
    }

    init?(_ benchmarkCase: BenchmarkCase) {
        let words = benchmarkCase.label.split(separator: " ").map(String.init)
        func count(_ word: String) -> Int? {
            if word.hasSuffix("k"), let n = Int(word.dropLast()) { return n * 1_000 }
            if word.hasSuffix("M"), let n = Int(word.dropLast()) { return n * 1_000_000 }
            return Int(word)
        }
        self.benchmarkCase = benchmarkCase
        switch words.count > 2 ? words[1] : "" {
        case "cardshow", "getdiced", "trendy":
            guard let last = words.last, let rows = count(last) else { return nil }
            workload = words.dropLast().joined(separator: " ")
            (size, units) = (rows, rows)
            unit = ["cardshow": "card", "getdiced": "line", "trendy": "event"][words[1]] ?? "row"
        case "assetflow" where words.contains("of"):
            // `W13 assetflow monthly import 50 of 1k`: the 50th month's import of 1k assets.
            guard let of = words.firstIndex(of: "of"), of > 0, let month = count(words[of - 1]),
                  let last = words.last, let assets = count(last) else { return nil }
            workload = (words[..<(of - 1)] + ["of", last]).joined(separator: " ")
            (size, units, unit) = (month, assets, "asset")
        case "assetflow":
            guard let last = words.last, let assets = count(last) else { return nil }
            workload = words.dropLast().joined(separator: " ")
            (size, units, unit) = (assets, assets, "asset")
        case "coupontracker":
            // `W13 coupontracker daily use 3650 days`
            guard words.count > 2, let days = count(words[words.count - 2]) else { return nil }
            workload = words.dropLast(2).joined(separator: " ")
            (size, units, unit) = (days, days, "day")
        default:
            return nil
        }
    }
}
