import Foundation
import FuzzChecks
import OpenSwiftData

/// The predicate translator against its oracle: each input draws a predicate over
/// `Probe` with captured values of every kind, fetches it from an in-memory store of a
/// few rows holding the same kinds of edge values, and requires the rows SQL selects to
/// be exactly the rows `Predicate.evaluate` selects in Swift. A fetch that throws must
/// say why in words, without SQL or a Swift type name. Text outside the documented
/// caveat of Queries.md (not in NFC, or characters of several scalars) is left out: rows
/// hold none, and a predicate capturing such text is skipped.
public final class PredicateTarget: FuzzTarget {
    public static let name = "predicates"
    let container: ModelContainer
    let rows: [Probe]

    public init() throws {
        container = try ModelContainer(for: Probe.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let setup = ModelContext(container)
        for row in Self.rows() { setup.insert(row) }
        try setup.save()
        rows = try ModelContext(container).fetch(FetchDescriptor<Probe>(sortBy: [SortDescriptor(\.index)]))
    }

    static func rows() -> [Probe] {
        let reference = Date(timeIntervalSinceReferenceDate: 0)
        return [
            Probe(index: 0, name: "", nickname: nil, count: 0, big: nil, score: 0, ratio: nil, born: reference, due: nil,
                  flag: false, maybeFlag: nil),
            Probe(index: 1, name: "abc", nickname: "ABC", count: .max, big: .min, score: .infinity, ratio: -0.0,
                  born: .distantPast, due: .distantFuture, flag: true, maybeFlag: true),
            Probe(index: 2, name: "ABC", nickname: "abc", count: .min, big: .max, score: -.infinity, ratio: .greatestFiniteMagnitude,
                  born: .distantFuture, due: reference, flag: false, maybeFlag: false),
            Probe(index: 3, name: "é", nickname: "É", count: -1, big: 0, score: -0.0, ratio: 0.1 + 0.2,
                  born: Date(timeIntervalSinceReferenceDate: -0.001), due: nil, flag: true, maybeFlag: nil),
            Probe(index: 4, name: "a%b_c*?[d]", nickname: "", count: (1 << 53) + 1, big: 1 << 53, score: 9_007_199_254_740_994,
                  ratio: .leastNonzeroMagnitude, born: Date(timeIntervalSinceReferenceDate: 1e15),
                  due: Date(timeIntervalSinceReferenceDate: -1e15), flag: false, maybeFlag: true),
            Probe(index: 5, name: "ßﬁ İ🏳", nickname: "İ", count: 42, big: -1, score: 1e300, ratio: nil,
                  born: Date(timeIntervalSince1970: 0), due: Date(timeIntervalSince1970: 0), flag: true, maybeFlag: false),
            Probe(index: 6, name: "a\u{0}b", nickname: "\u{0}", count: 2, big: nil, score: 0.5, ratio: -1,
                  born: Date(timeIntervalSinceReferenceDate: 0.001), due: nil, flag: false, maybeFlag: nil),
        ]
    }

    public func run(_ data: Data) throws {
        var input = FuzzBytes(data)
        let shape = PredicateShape.draw(&input)
        guard shape.evaluable(on: rows) else { return }
        let predicate = PredicateBuilder.predicate(shape)
        let expected = Set(try rows.filter { try predicate.evaluate($0) }.map(\.index))
        let fetched: Set<Int>
        do {
            fetched = Set(try ModelContext(container).fetch(FetchDescriptor<Probe>(predicate: predicate)).map(\.index))
        } catch {
            try ErrorCheck.judge(error) { _ in true }
            return
        }
        if fetched != expected {
            throw Finding("\(shape): SQL selects rows \(fetched.sorted()), Swift selects \(expected.sorted())")
        }
    }
}
