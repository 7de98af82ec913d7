#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import QueryOracle
import Testing

/// A page of a `localizedStandardContains` search for ASCII text runs in SQL alone when no
/// row the search keeps has a character beyond ASCII (the rows only Swift can decide);
/// with one, Swift decides, as before.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct PostgresSearchDecisionTests {
    typealias Specimen = QueryOracle.Specimen

    private func explanation(names: [String], search: String) throws -> FetchExplanation {
        let scratch = try TemporarySchema(create: false)
        let container = try ModelContainer(for: Schema(DifferentialCase.modelTypes),
                                           configurations: [PostgresConfiguration(location: scratch.location, maximumConnections: 2)])
        let setup = ModelContext(container)
        for name in names { setup.insert(Specimen(name: name)) }
        try setup.save()
        var descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.name.localizedStandardContains(search) },
                                                   sortBy: [SortDescriptor(\.name)])
        descriptor.fetchLimit = 2
        return try ModelContext(container).explain(descriptor)
    }

    @Test func aPageOfASearchAmongNamesOfASCIIRunsInSQLAlone() throws {
        let explanation = try explanation(names: ["Card 1", "Card 10", "card 2", "Delta"], search: "card")
        #expect(!explanation.filtersInSwift, "\(explanation.swiftReasons)")
        #expect(!explanation.windowsInSwift)
    }

    @Test func aPageOfASearchAmongNamesWithControlCharactersRunsInSQLAlone() throws {
        // swift-foundation's search takes a tab or U+0001 as a character of its own, as SQL does.
        let explanation = try explanation(names: ["Card\t1", "Card\u{1}2", "card 3", "Delta\r\n"], search: "card")
        #expect(!explanation.filtersInSwift, "\(explanation.swiftReasons)")
    }

    @Test func aPageOfASearchAmongNamesWithADiacriticIsDecidedInSwift() throws {
        let explanation = try explanation(names: ["Card 1", "Délta"], search: "card")
        #expect(explanation.filtersInSwift)
    }
}
#endif
