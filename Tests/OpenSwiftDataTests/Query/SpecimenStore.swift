import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// A saved store of specimens whose values are chosen so that a wrong translation
/// (text instead of numeric order, NULL mishandled, enum order instead of raw value,
/// case-insensitive instead of exact) selects different rows.
struct SpecimenStore {
    let container: ModelContainer
    /// A fresh context with no pending changes, as a fetch in another part of an app sees the store.
    let context: ModelContext

    static let day: TimeInterval = 86_400
    static let uid1 = UUID(uuidString: "00000000-0000-0000-0000-0000000000FF")!
    static let uid2 = UUID(uuidString: "01000000-0000-0000-0000-000000000000")!
    static let uid3 = UUID(uuidString: "F0000000-0000-0000-0000-000000000000")!
    static let uid4 = UUID(uuidString: "80000000-0000-0000-0000-000000000000")!
    static let uid5 = UUID(uuidString: "A0000000-0000-0000-0000-000000000000")!

    /// In memory, or in the file at `url` for a test that reads the file itself.
    init(url: URL? = nil) throws {
        container = try ModelContainer(for: Specimen.self, Keeper.self, Club.self, Label.self,
                                       configurations: url.map { ModelConfiguration(url: $0) } ?? ModelConfiguration(isStoredInMemoryOnly: true))
        let setup = ModelContext(container)
        let chess = Club(title: "Chess")
        let rowing = Club(title: "Rowing")
        let ada = Keeper(name: "Ada", rank: 3, club: chess)
        let bob = Keeper(name: "Bob", rank: 1, club: rowing)
        let cy = Keeper(name: "Cy", rank: 2)
        let rare = Label(text: "rare")
        let shiny = Label(text: "shiny")
        let specimens = [
            Specimen(name: "alpha", count: 10, score: 1.5, price: Decimal(string: "9.99")!, weight: 1, flag: true, maybeFlag: true,
                     born: Date(timeIntervalSinceReferenceDate: 1 * Self.day), uid: Self.uid1, shade: .red, priority: .high,
                     nickname: "Al", tags: ["a", "x"], owner: ada),
            Specimen(name: "Beta", count: 9, score: -2, price: Decimal(string: "10.5")!, weight: nil, flag: false, maybeFlag: nil,
                     born: Date(timeIntervalSinceReferenceDate: 2 * Self.day), uid: Self.uid2, shade: .green, priority: .low,
                     nickname: nil, tags: [], owner: ada),
            Specimen(name: "gamma", count: 100, score: 0, price: Decimal(string: "100")!, weight: 2.5, flag: true, maybeFlag: false,
                     born: Date(timeIntervalSinceReferenceDate: 3 * Self.day), uid: Self.uid3, shade: .blue, priority: .medium,
                     nickname: "Gam", tags: ["x", "y", "z"], owner: bob),
            Specimen(name: "Délta", count: -5, score: 3.25, price: Decimal(string: "2")!, weight: 0.5, flag: false, maybeFlag: true,
                     born: Date(timeIntervalSinceReferenceDate: -1 * Self.day), uid: Self.uid4, shade: .red, priority: nil,
                     nickname: "dee", tags: ["b"], owner: cy),
            Specimen(name: "epsilon", count: 0, score: 10, price: Decimal(string: "0.5")!, weight: nil, flag: true, maybeFlag: nil,
                     born: Date(timeIntervalSinceReferenceDate: 0), uid: Self.uid5, shade: .green, priority: .high, nickname: nil,
                     tags: ["a"], owner: nil),
        ]
        // Fields of a Codable attribute (`CodableFieldQueryTests`): case and diacritics in
        // text, a missing optional, a nested struct, a Double whose JSON text is long.
        specimens[0].habitat = Habitat(region: "Lisbon", altitude: 120, indoor: true, note: "sunny", zone: Zone(code: 2, wet: true),
                                       depth: 0.1 + 0.2, shade: .blue, tagID: Self.uid3, surveyed: Date(timeIntervalSinceReferenceDate: 0.1 + 0.2))
        specimens[1].habitat = Habitat(region: "lisbon", altitude: -3, note: nil, zone: Zone(code: 1), depth: 1.5, shade: .red,
                                       tagID: Self.uid1, surveyed: Date(timeIntervalSinceReferenceDate: 2 * Self.day))
        specimens[2].habitat = Habitat(region: "Évora", altitude: 40, indoor: true, note: "", zone: Zone(code: 3, wet: false),
                                       depth: -1, shade: .green)
        specimens[3].habitat = Habitat(region: "Porto", altitude: 90, note: "windy", zone: Zone(code: 2), depth: 0.3, shade: .blue,
                                       tagID: Self.uid4, surveyed: Date(timeIntervalSinceReferenceDate: 0.3))
        specimens[4].habitat = Habitat(region: "", altitude: 7, note: nil, zone: Zone(code: 0, wet: true), depth: 0, shade: .red,
                                       tagID: Self.uid2, surveyed: Date(timeIntervalSinceReferenceDate: -Self.day))
        specimens[0].formerHabitat = Habitat(region: "Porto")
        specimens[2].formerHabitat = Habitat(region: "Lisbon")
        specimens[1].burrow = Burrow(entrance: "north")
        specimens[3].burrow = Burrow(entrance: "south")
        specimens[0].labels = [rare, shiny]
        specimens[2].labels = [rare]
        for specimen in specimens { setup.insert(specimen) }
        // A keeper of nothing, for `isEmpty` and `allSatisfy` on an empty relationship.
        setup.insert(Keeper(name: "Dan", rank: 0))
        try setup.save()
        context = ModelContext(container)
    }

    /// The names the predicate selects, checking on the way that the whole predicate
    /// ran in SQL and that Swift's own `evaluate` selects the same rows.
    func names(_ predicate: Predicate<Specimen>, inSQL: Bool = true,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> Set<String> {
        let descriptor = FetchDescriptor<Specimen>(predicate: predicate)
        let explanation = try context.explain(descriptor)
        if inSQL {
            #expect(!explanation.filtersInSwift, "ran in Swift: \(explanation.swiftReasons)", sourceLocation: sourceLocation)
        }
        let fetched = Set(try context.fetch(descriptor).map(\.name))
        let all = try context.fetch(FetchDescriptor<Specimen>())
        let evaluated = Set(try all.filter { try predicate.evaluate($0) }.map(\.name))
        #expect(fetched == evaluated, "SQL: \(explanation.sql)", sourceLocation: sourceLocation)
        return fetched
    }

    /// The keepers' names the predicate selects, checked as `names(_:)` checks.
    func keepers(_ predicate: Predicate<Keeper>, sourceLocation: SourceLocation = #_sourceLocation) throws -> Set<String> {
        let descriptor = FetchDescriptor<Keeper>(predicate: predicate)
        let explanation = try context.explain(descriptor)
        #expect(!explanation.filtersInSwift, "ran in Swift: \(explanation.swiftReasons)", sourceLocation: sourceLocation)
        let fetched = Set(try context.fetch(descriptor).map(\.name))
        let evaluated = Set(try context.fetch(FetchDescriptor<Keeper>()).filter { try predicate.evaluate($0) }.map(\.name))
        #expect(fetched == evaluated, "SQL: \(explanation.sql)", sourceLocation: sourceLocation)
        return fetched
    }

    func sorted(_ sort: [SortDescriptor<Specimen>], inSQL: Bool = true,
                sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let descriptor = FetchDescriptor<Specimen>(sortBy: sort)
        let explanation = try context.explain(descriptor)
        if inSQL {
            #expect(!explanation.sortsInSwift, "sorted in Swift: \(explanation.swiftReasons)", sourceLocation: sourceLocation)
        }
        let fetched = try context.fetch(descriptor).map(\.name)
        let inSwift = try context.fetch(FetchDescriptor<Specimen>()).sorted(using: sort).map(\.name)
        #expect(fetched == inSwift, "SQL: \(explanation.sql)", sourceLocation: sourceLocation)
        return fetched
    }
}
