import Foundation
import OpenSwiftData
import PropertyBased
import QueryOracle
import Testing

/// The translator's oracle on the SQLite store (``DifferentialCase``): for 50 seeds' data
/// and 60 generated predicates each, every predicate runs wholly in SQL and selects
/// exactly the rows `Predicate.evaluate` selects in Swift. Each case is a seed from
/// swift-property-based, which reports the failing one.
@Suite struct DifferentialTests {
    static let predicatesPerStore = 60

    @Test func sqlSelectsWhatSwiftEvaluates() async {
        var tally = DifferentialTally()
        await propertyCheck(count: 50, input: Gen.int(in: 0...Int.max)) { seed in
            do {
                var differential = DifferentialCase(seed: UInt64(seed))
                let container = try ModelContainer(for: Schema(DifferentialCase.modelTypes),
                                                   configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
                try differential.populate(container)
                tally += try differential.check(predicates: Self.predicatesPerStore, in: container) { _, descriptor, context in
                    let explanation = try context.explain(descriptor)
                    return explanation.filtersInSwift ? "\(explanation.swiftReasons)" : nil
                }
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
        for failure in tally.failures { Issue.record("\(failure)") }
        // The oracle only means something if predicates split the data.
        #expect(tally.checked >= 50 * Self.predicatesPerStore)
        #expect(tally.discriminating * 3 >= tally.checked, "\(tally.discriminating) of \(tally.checked) predicates selected some rows but not all")
    }
}
