#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import QueryOracle
import Testing

/// Predicates and sorts on the fields of a `Codable` struct attribute (`jsonb`) run on
/// the server through `->`/`->>` and casts, and select and order as Swift does on the
/// decoded structs; `#Index` on a field indexes the same expression.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct PostgresCodableFieldTests {
    typealias Specimen = QueryOracle.Specimen
    let scratch: TemporarySchema
    let container: ModelContainer

    init() throws {
        scratch = try TemporarySchema(create: false)
        container = try ModelContainer(for: Schema(DifferentialCase.modelTypes),
                                       configurations: [PostgresConfiguration(location: scratch.location, maximumConnections: 2)])
        let setup = ModelContext(container)
        let habitats = [
            ("alpha", Habitat(region: "Lisbon", altitude: 120, indoor: true, note: "sunny", zone: Zone(code: 2, wet: true), depth: 0.1 + 0.2,
                              tagID: Self.tags[2], surveyed: Date(timeIntervalSinceReferenceDate: 0.1 + 0.2))),
            ("Beta", Habitat(region: "lisbon", altitude: -3, zone: Zone(code: 1), depth: 1.5, tagID: Self.tags[0],
                             surveyed: Date(timeIntervalSinceReferenceDate: 86_400))),
            ("gamma", Habitat(region: "Évora", altitude: 40, indoor: true, note: "", zone: Zone(code: 3, wet: false), depth: -1)),
            ("Délta", Habitat(region: "Porto", altitude: 90, note: "windy", zone: Zone(code: 2), depth: 0.3, tagID: Self.tags[1],
                              surveyed: Date(timeIntervalSinceReferenceDate: 0.3))),
        ]
        for (name, habitat) in habitats {
            let specimen = Specimen(name: name)
            specimen.habitat = habitat
            setup.insert(specimen)
        }
        try setup.save()
    }

    /// In byte order: 00…FF, 01…, F0….
    static let tags = ["00000000-0000-0000-0000-0000000000FF", "01000000-0000-0000-0000-000000000000",
                       "F0000000-0000-0000-0000-000000000000"].compactMap(UUID.init(uuidString:))

    /// The names the predicate selects, checked against Swift's evaluation, and that it ran on the server.
    private func names(_ predicate: Predicate<Specimen>, sourceLocation: SourceLocation = #_sourceLocation) throws -> Set<String> {
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<Specimen>(predicate: predicate)
        let explanation = try context.explain(descriptor)
        #expect(!explanation.filtersInSwift, "ran in Swift: \(explanation.swiftReasons)", sourceLocation: sourceLocation)
        let fetched = Set(try context.fetch(descriptor).map(\.name))
        let evaluated = Set(try context.fetch(FetchDescriptor<Specimen>()).filter { try predicate.evaluate($0) }.map(\.name))
        #expect(fetched == evaluated, "SQL: \(explanation.sql)", sourceLocation: sourceLocation)
        return fetched
    }

    @Test func aStringFieldEqualityRunsOnTheServerAndIsCaseSensitive() throws {
        #expect(try names(#Predicate { $0.habitat.region == "Lisbon" }) == ["alpha"])
    }

    @Test func anIntegerFieldComparesNumericallyOnTheServer() throws {
        #expect(try names(#Predicate { $0.habitat.altitude > 40 }) == ["alpha", "Délta"])
    }

    @Test func aStringFieldOrdersByCodePointsOnTheServer() throws {
        #expect(try names(#Predicate { $0.habitat.region < "P" }) == ["alpha"])
    }

    @Test func aMissingOptionalFieldIsNilOnTheServer() throws {
        #expect(try names(#Predicate { $0.habitat.note == nil }) == ["Beta"])
    }

    @Test func aNestedOptionalBoolFieldComparesWithTrueOnTheServer() throws {
        #expect(try names(#Predicate { $0.habitat.zone.wet == true }) == ["alpha"])
        #expect(try names(#Predicate { $0.habitat.zone.code == 2 }) == ["alpha", "Délta"])
    }

    @Test func aBoolFieldIsATestOnTheServer() throws {
        #expect(try names(#Predicate { !$0.habitat.indoor }) == ["Beta", "Délta"])
    }

    @Test func aDoubleFieldComparesExactlyOnTheServer() throws {
        // 0.30000000000000004 is stored as that text; PostgreSQL reads it as the same Double.
        #expect(try names(#Predicate { $0.habitat.depth > 0.3 }) == ["alpha", "Beta"])
    }

    @Test func aUUIDFieldEqualsACapturedUUIDOnTheServer() throws {
        let wanted = Self.tags[1]
        #expect(try names(#Predicate { $0.habitat.tagID == wanted }) == ["Délta"])
        #expect(try names(#Predicate { $0.habitat.tagID == nil }) == ["gamma"])
    }

    @Test func aSortByAUUIDFieldRunsOnTheServerInByteOrder() throws {
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<Specimen>(sortBy: [SortDescriptor(\.habitat.tagID)])
        let explanation = try context.explain(descriptor)
        #expect(!explanation.sortsInSwift, "\(explanation.swiftReasons)")
        #expect(try context.fetch(descriptor).map(\.name) == ["gamma", "Beta", "Délta", "alpha"])
    }

    @Test func aDateFieldComparesExactlyOnTheServer() throws {
        // Seconds since 2001 as the JSON number 0.30000000000000004, read as the same Double.
        let bound = Date(timeIntervalSinceReferenceDate: 0.3)
        #expect(try names(#Predicate { $0.habitat.surveyed > bound }) == ["alpha", "Beta"])
    }

    @Test func aSortByAStringFieldRunsOnTheServerInCodePointOrder() throws {
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<Specimen>(sortBy: [SortDescriptor(\.habitat.region)])
        let explanation = try context.explain(descriptor)
        #expect(!explanation.sortsInSwift, "\(explanation.swiftReasons)")
        #expect(try context.fetch(descriptor).map(\.name) == ["alpha", "Délta", "Beta", "gamma"])
    }

    @Test func anIndexOnAFieldIsOnTheExpressionQueriesUse() throws {
        let session = try scratch.session()
        let definitions = try session.query("SELECT indexdef FROM pg_indexes WHERE schemaname = $1", [.text(scratch.name)])
            .compactMap(Self.text)
        #expect(definitions.contains { $0.contains("(habitat ->> 'region'::text)") }, "\(definitions)")
        _ = try session.execute("SET enable_seqscan = off")
        let context = ModelContext(container)
        let explanation = try context.explain(FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.region == "Porto" }))
        let plan = try session.query("EXPLAIN " + explanation.sql, [.text("Porto")]).compactMap(Self.text)
        #expect(plan.contains { $0.contains("Specimen_index_habitat.region") }, "\(plan)")
    }

    private static func text(_ row: PostgresResultRow) -> String? {
        if case .text(let text) = row[0] { return text }
        return nil
    }
}
#endif
