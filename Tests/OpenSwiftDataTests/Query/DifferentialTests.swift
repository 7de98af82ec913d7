import Foundation
import OpenSwiftData
import PropertyBased
import QueryOracle
import Testing

/// The translator's oracle on the SQLite store (``DifferentialCase``): for 50 seeds' data
/// and 60 generated predicates each, every predicate runs wholly in SQL (but those on a
/// Double inside a Codable attribute) and selects exactly the rows `Predicate.evaluate`
/// selects in Swift; 10 sorts by fields of Codable attributes each run in SQL (but by a
/// Double) in an order Swift's `SortDescriptor.compare` agrees with. Each case is a seed from
/// swift-property-based, which reports the failing one.
@Suite struct DifferentialTests {
    static let predicatesPerStore = 60
    static let sortsPerStore = 10

    @Test func sqlSelectsWhatSwiftEvaluates() async {
        var tally = DifferentialTally()
        var sorts = DifferentialTally()
        await propertyCheck(count: 50, input: Gen.int(in: 0...Int.max)) { seed in
            do {
                var differential = DifferentialCase(seed: UInt64(seed))
                let container = try ModelContainer(for: Schema(DifferentialCase.modelTypes),
                                                   configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
                try differential.populate(container)
                tally += try differential.check(predicates: Self.predicatesPerStore, in: container) { tree, descriptor, context in
                    guard !tree.atoms.contains(where: DifferentialCase.staysInSwiftOnSQLite) else { return nil }
                    let explanation = try context.explain(descriptor)
                    return explanation.filtersInSwift ? "\(explanation.swiftReasons)" : nil
                }
                sorts += try differential.checkSorts(Self.sortsPerStore, in: container) { keys, descriptor, context in
                    guard !keys.contains(where: DifferentialCase.sortsInSwiftOnSQLite) else { return nil }
                    let explanation = try context.explain(descriptor)
                    return explanation.sortsInSwift ? "\(explanation.swiftReasons)" : nil
                }
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
        for failure in tally.failures + sorts.failures { Issue.record("\(failure)") }
        #expect(sorts.checked >= 50 * Self.sortsPerStore)
        #expect(sorts.discriminating * 2 >= sorts.checked, "\(sorts.discriminating) of \(sorts.checked) sorts had rows to order")
        // The oracle only means something if predicates split the data.
        #expect(tally.checked >= 50 * Self.predicatesPerStore)
        #expect(tally.discriminating * 3 >= tally.checked, "\(tally.discriminating) of \(tally.checked) predicates selected some rows but not all")
    }
}
