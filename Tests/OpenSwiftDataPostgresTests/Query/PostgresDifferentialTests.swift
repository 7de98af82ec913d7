#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import PropertyBased
import QueryOracle
import Testing

/// The engine's differential query oracle (``DifferentialCase``) on the PostgreSQL store:
/// for generated data and generated predicates, the rows the server selects are exactly
/// the rows `Predicate.evaluate` selects in Swift, and every predicate the dialect can
/// say runs in SQL, as do sorts by fields of Codable attributes (`jsonb`), in an order
/// Swift's `SortDescriptor.compare` agrees with. Swift's own string functions and JSON
/// array elements are decided in Swift on this store (a `localizedStandardContains` conjunct narrowed in SQL first);
/// their results are checked all the same.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct PostgresDifferentialTests {
    static let seeds = 20
    static let predicatesPerStore = 60
    static let sortsPerStore = 10

    @Test func theServerSelectsWhatSwiftEvaluates() async {
        var tally = DifferentialTally()
        var sorts = DifferentialTally()
        await propertyCheck(count: Self.seeds, input: Gen.int(in: 0...Int.max)) { seed in
            do {
                var differential = DifferentialCase(seed: UInt64(seed))
                let scratch = try TemporarySchema(create: false)
                let container = try ModelContainer(
                    for: Schema(DifferentialCase.modelTypes),
                    configurations: [PostgresConfiguration(location: scratch.location, maximumConnections: 2)])
                try differential.populate(container)
                tally += try differential.check(predicates: Self.predicatesPerStore, in: container) { tree, descriptor, _ in
                    guard let predicate = descriptor.predicate, !tree.atoms.contains(where: Self.staysInSwift) else { return nil }
                    let translated = try TranslatedCondition(predicate, dialect: .postgres)
                    return translated.isComplete ? nil : "\(translated.reasons)"
                }
                sorts += try differential.checkSorts(Self.sortsPerStore, in: container) { _, descriptor, context in
                    let explanation = try context.explain(descriptor)
                    return explanation.sortsInSwift ? "\(explanation.swiftReasons)" : nil
                }
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
        for failure in tally.failures + sorts.failures { Issue.record("\(failure)") }
        #expect(sorts.checked >= Self.seeds * Self.sortsPerStore)
        #expect(sorts.discriminating * 2 >= sorts.checked, "\(sorts.discriminating) of \(sorts.checked) sorts had rows to order")
        #expect(tally.checked >= Self.seeds * Self.predicatesPerStore)
        #expect(tally.discriminating * 3 >= tally.checked, "\(tally.discriminating) of \(tally.checked) predicates selected some rows but not all")
    }

    /// The atoms the PostgreSQL dialect leaves to Swift: Swift's locale-aware string
    /// search, and the elements of an array stored as JSON.
    static func staysInSwift(_ atom: DifferentialCase.Atom) -> Bool {
        switch atom {
        case .nameLocalizedStandardContains, .tagsContain, .tagCount: true
        default: false
        }
    }
}
#endif
