import Foundation
import OpenSwiftData

/// The translator's oracle, for any store: for generated data and generated predicates,
/// the rows a store's fetch returns are exactly the rows `Predicate.evaluate` selects in Swift.
///
/// A case is a seed: the seed makes a store of specimens, keepers, clubs and labels whose
/// values are drawn from small pools (so that equalities hit, NULLs are common, strings mix
/// case, diacritics and GLOB wildcards), then a family of predicates built from atoms
/// covering every translated form, combined with `&&`, `||` and `!`.
public struct DifferentialCase {
    public typealias Variable = PredicateExpressions.Variable<Specimen>
    public typealias BoolExpression = any StandardPredicateExpression<Bool>

    var random: SeededGenerator
    public let seed: UInt64

    static let syllables = ["a", "b", "B", "é", "e", "É", "x", "*", "?", "[", " "]
    static let prices = ["0", "0.5", "2", "9.99", "10", "10.5", "100"].map { Decimal(string: $0)! }
    static let tags = ["a", "b", "x", "y"]
    static let keeperNames = ["Ada", "Bob", "ada", "Élise"]
    static let clubTitles = ["Chess", "Rowing"]
    static let labelTexts = ["rare", "shiny", "old"]
    static let regions = ["Lisbon", "lisbon", "Porto", "Évora", "", "*x"]
    static let notes = ["dry", "Dry", "é"]
    /// Doubles whose shortest text is long or has an exponent, as JSON holds them.
    static let depths = [0, 0.5, -2.5, 0.1 + 0.2, 1e-7, 123_456.789]
    /// Byte order and string order differ for none of them; 00…FF and 01… differ in their first byte only.
    static let tagIDs = ["00000000-0000-0000-0000-0000000000FF", "01000000-0000-0000-0000-000000000000",
                         "80000000-0000-0000-0000-000000000000", "F0000000-0000-0000-0000-000000000000"].compactMap(UUID.init(uuidString:))

    public init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed)
    }

    mutating func text(maxSyllables: Int = 3) -> String {
        (0..<Int.random(in: 0...maxSyllables, using: &random)).map { _ in Self.syllables.randomElement(using: &random)! }.joined()
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    /// The models the oracle's store holds, for a container.
    public static var modelTypes: [any PersistentModel.Type] { [Specimen.self, Keeper.self, Club.self, Label.self] }

    /// Fills the container's (empty) store with this seed's keepers, clubs, labels and specimens.
    public mutating func populate(_ container: ModelContainer) throws {
        let setup = ModelContext(container)
        let clubs = Self.clubTitles.map { Club(title: $0) }
        var keepers: [Keeper] = []
        for name in Self.keeperNames {
            let keeper = Keeper(name: name, rank: Int.random(in: 0...3, using: &random), club: chance(0.6) ? clubs.randomElement(using: &random) : nil)
            keepers.append(keeper)
            setup.insert(keeper)
        }
        let labels = Self.labelTexts.map { Label(text: $0) }
        for _ in 0..<Int.random(in: 5...30, using: &random) {
            let specimen = Specimen(
                name: text(), count: Int.random(in: -5...5, using: &random), score: Double(Int.random(in: -4...4, using: &random)) / 2,
                price: Self.prices.randomElement(using: &random)!, weight: chance(0.3) ? nil : [0, 0.5, 1, 2.5].randomElement(using: &random)!,
                flag: chance(0.5), maybeFlag: chance(0.3) ? nil : chance(0.5),
                born: Date(timeIntervalSinceReferenceDate: Double(Int.random(in: -3...3, using: &random)) * 86_400),
                shade: Shade.allCases.randomElement(using: &random)!, priority: chance(0.3) ? nil : Urgency.allCases.randomElement(using: &random),
                nickname: chance(0.4) ? nil : text(maxSyllables: 2), tags: Self.tags.filter { _ in chance(0.4) },
                owner: chance(0.2) ? nil : keepers.randomElement(using: &random))
            specimen.habitat = habitat()
            specimen.formerHabitat = chance(0.5) ? nil : habitat()
            setup.insert(specimen)
            specimen.labels = labels.filter { _ in chance(0.3) }
        }
        try setup.save()
    }

    mutating func habitat() -> Habitat {
        Habitat(region: Self.regions.randomElement(using: &random)!, altitude: Int.random(in: -3...3, using: &random), indoor: chance(0.5),
                note: chance(0.4) ? nil : Self.notes.randomElement(using: &random)!,
                zone: Zone(code: Int.random(in: 0...3, using: &random), wet: chance(0.3) ? nil : chance(0.5)),
                depth: Self.depths.randomElement(using: &random)!, shade: Shade.allCases.randomElement(using: &random)!,
                tagID: chance(0.3) ? nil : Self.tagIDs.randomElement(using: &random)!,
                surveyed: Date(timeIntervalSinceReferenceDate: Self.depths.randomElement(using: &random)!))
    }

    /// Draws `count` predicates and fetches each through a fresh context on the container: the
    /// rows the store selects must be the rows `Predicate.evaluate` selects among all of them.
    /// `ranInSwift` says, for a drawn predicate, why it did not run wholly in SQL when it should
    /// have (nil when it did, or when the store may run it in Swift).
    public mutating func check(
        predicates count: Int, in container: ModelContainer,
        ranInSwift: (Tree, FetchDescriptor<Specimen>, ModelContext) throws -> String?
    ) throws -> DifferentialTally {
        var tally = DifferentialTally()
        let context = ModelContext(container)
        let all = try context.fetch(FetchDescriptor<Specimen>())
        for _ in 0..<count {
            let tree = self.tree(depth: 3)
            let predicate = Predicate<Specimen> { variable in DifferentialCase.build(tree, variable) }
            let descriptor = FetchDescriptor<Specimen>(predicate: predicate)
            if let reason = try ranInSwift(tree, descriptor, context) {
                tally.failures.append("seed \(seed): \(predicate.expression) ran in Swift: \(reason)")
            }
            let fetched = Set(try context.fetch(descriptor).map(\.persistentModelID))
            let expected = Set(try all.filter { try predicate.evaluate($0) }.map(\.persistentModelID))
            if fetched != expected {
                tally.failures.append("seed \(seed): \(predicate.expression) selected \(fetched.count) rows where Swift selects \(expected.count)")
            }
            tally.checked += 1
            if !expected.isEmpty && expected.count < all.count { tally.discriminating += 1 }
        }
        return tally
    }

    /// A key of a drawn sort: the fields of the `Codable` attributes, and a plain
    /// attribute to follow one.
    public enum SortKey: CaseIterable, Sendable {
        case region, altitude, note, zoneCode, depth, tagID, surveyed, formerRegion, name
    }

    static func descriptor(_ key: SortKey, _ order: SortOrder) -> SortDescriptor<Specimen> {
        switch key {
        case .region: SortDescriptor(\Specimen.habitat.region, order: order)
        case .altitude: SortDescriptor(\Specimen.habitat.altitude, order: order)
        case .note: SortDescriptor(\Specimen.habitat.note, order: order)
        case .zoneCode: SortDescriptor(\Specimen.habitat.zone.code, order: order)
        case .depth: SortDescriptor(\Specimen.habitat.depth, order: order)
        case .tagID: SortDescriptor(\Specimen.habitat.tagID, order: order)
        case .surveyed: SortDescriptor(\Specimen.habitat.surveyed, order: order)
        case .formerRegion: SortDescriptor(\Specimen.formerHabitat?.region, order: order)
        case .name: SortDescriptor(\Specimen.name, order: order)
        }
    }

    /// The keys the SQLite store sorts by in Swift: a Double or a Date inside JSON.
    public static func sortsInSwiftOnSQLite(_ key: SortKey) -> Bool { key == .depth || key == .surveyed }

    /// Draws `count` sorts by a field of the `Codable` attributes, half of them followed by
    /// a second key, and fetches each through a fresh context: the store returns every row,
    /// and no row after one that Swift's `SortDescriptor.compare` puts after it.
    /// `ranInSwift` says, for a drawn sort, why it did not run in SQL when it should have.
    public mutating func checkSorts(
        _ count: Int, in container: ModelContainer,
        ranInSwift: ([SortKey], FetchDescriptor<Specimen>, ModelContext) throws -> String?
    ) throws -> DifferentialTally {
        var tally = DifferentialTally()
        let context = ModelContext(container)
        let all = Set(try context.fetch(FetchDescriptor<Specimen>()).map(\.persistentModelID))
        for _ in 0..<count {
            var keys = [SortKey.allCases.filter { $0 != .name }.randomElement(using: &random)!]
            if chance(0.5) { keys.append(SortKey.allCases.randomElement(using: &random)!) }
            let sorts = keys.map { Self.descriptor($0, chance(0.5) ? .forward : .reverse) }
            let descriptor = FetchDescriptor<Specimen>(sortBy: sorts)
            if let reason = try ranInSwift(keys, descriptor, context) {
                tally.failures.append("seed \(seed): the sort by \(keys) ran in Swift: \(reason)")
            }
            let fetched = try context.fetch(descriptor)
            if Set(fetched.map(\.persistentModelID)) != all {
                tally.failures.append("seed \(seed): the sort by \(keys) returned \(fetched.count) of \(all.count) rows")
            }
            if let index = fetched.indices.dropLast().first(where: { Self.compare(sorts, fetched[$0], fetched[$0 + 1]) == .orderedDescending }) {
                tally.failures.append("seed \(seed): the sort by \(keys) put row \(index + 1) after one Swift orders after it")
            }
            tally.checked += 1
            if let first = fetched.first, fetched.contains(where: { Self.compare([sorts[0]], first, $0) != .orderedSame }) {
                tally.discriminating += 1
            }
        }
        return tally
    }

    static func compare(_ sorts: [SortDescriptor<Specimen>], _ a: Specimen, _ b: Specimen) -> ComparisonResult {
        for sort in sorts {
            let result = sort.compare(a, b)
            if result != .orderedSame { return result }
        }
        return .orderedSame
    }

    /// A predicate as data, so that it can be drawn at random and built into expressions.
    public indirect enum Tree: Sendable {
        case atom(Atom)
        case and(Tree, Tree)
        case or(Tree, Tree)
        case not(Tree)

        /// Every atom of the tree, left to right.
        public var atoms: [Atom] {
            switch self {
            case .atom(let atom): [atom]
            case .and(let a, let b), .or(let a, let b): a.atoms + b.atoms
            case .not(let a): a.atoms
            }
        }
    }

    public enum Atom: Sendable {
        case countCompare(PredicateExpressions.ComparisonOperator, Int)
        case countEquals(Int, negated: Bool)
        case nameEquals(String)
        case nameCompare(PredicateExpressions.ComparisonOperator, String)
        case nicknameEquals(String?, negated: Bool)
        case shadeEquals(Shade)
        case maybeFlagEquals(Bool?)
        case flag
        case nameContains(String)
        case nameStarts(String)
        case nameLocalizedStandardContains(String)
        case weightCoalesced(PredicateExpressions.ComparisonOperator, Float)
        case ownerName(String?)
        case ownerRankCoalesced(PredicateExpressions.ComparisonOperator, Int)
        case tagsContain(String)
        case tagCount(PredicateExpressions.ComparisonOperator, Int)
        case countArithmetic(Int, PredicateExpressions.ComparisonOperator, Int)
        case priceCompare(PredicateExpressions.ComparisonOperator, Decimal)
        case bornCompare(PredicateExpressions.ComparisonOperator, Date)
        case labelsContain(String)
        case ternary(PredicateExpressions.ComparisonOperator, Int)
        case scoreCompare(PredicateExpressions.ComparisonOperator, Double)
        case priorityEquals(Urgency?)
        case habitatRegionEquals(String, negated: Bool)
        case habitatRegionCompare(PredicateExpressions.ComparisonOperator, String)
        case habitatAltitudeCompare(PredicateExpressions.ComparisonOperator, Int)
        case habitatNoteEquals(String?, negated: Bool)
        case habitatIndoor
        case habitatZoneCode(PredicateExpressions.ComparisonOperator, Int)
        case habitatZoneWet(Bool?)
        case habitatShadeEquals(Shade)
        case habitatDepthCompare(PredicateExpressions.ComparisonOperator, Double)
        case habitatTagEquals(UUID?, negated: Bool)
        case habitatSurveyedCompare(PredicateExpressions.ComparisonOperator, Date)
        case formerRegionEquals(String?)
    }

    /// The atoms the SQLite store leaves to Swift: a Double or a Date inside JSON, which
    /// SQLite does not always read as the nearest Double.
    public static func staysInSwiftOnSQLite(_ atom: Atom) -> Bool {
        switch atom {
        case .habitatDepthCompare, .habitatSurveyedCompare: true
        default: false
        }
    }

    mutating func tree(depth: Int) -> Tree {
        if depth == 0 || chance(0.4) { return .atom(atom()) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return .and(tree(depth: depth - 1), tree(depth: depth - 1))
        case 1: return .or(tree(depth: depth - 1), tree(depth: depth - 1))
        default: return .not(tree(depth: depth - 1))
        }
    }

    mutating func op() -> PredicateExpressions.ComparisonOperator {
        [.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual].randomElement(using: &random)!
    }

    mutating func atom() -> Atom {
        switch Int.random(in: 0..<35, using: &random) {
        case 0: return .countCompare(op(), Int.random(in: -5...5, using: &random))
        case 1: return .countEquals(Int.random(in: -5...5, using: &random), negated: chance(0.5))
        case 2: return .nameEquals(text())
        case 3: return .nameCompare(op(), text())
        case 4: return .nicknameEquals(chance(0.3) ? nil : text(maxSyllables: 2), negated: chance(0.5))
        case 5: return .shadeEquals(Shade.allCases.randomElement(using: &random)!)
        case 6: return .maybeFlagEquals(chance(0.3) ? nil : chance(0.5))
        case 7: return .flag
        case 8: return .nameContains(text(maxSyllables: 2))
        case 9: return .nameStarts(text(maxSyllables: 2))
        case 10: return .nameLocalizedStandardContains(text(maxSyllables: 2))
        case 11: return .weightCoalesced(op(), [0, 0.5, 1, 2].randomElement(using: &random)!)
        case 12: return .ownerName(chance(0.2) ? nil : Self.keeperNames.randomElement(using: &random)!)
        case 13: return .ownerRankCoalesced(op(), Int.random(in: -1...3, using: &random))
        case 14: return .tagsContain(Self.tags.randomElement(using: &random)!)
        case 15: return .tagCount(op(), Int.random(in: 0...3, using: &random))
        case 16: return .countArithmetic(Int.random(in: -2...3, using: &random), op(), Int.random(in: -10...10, using: &random))
        case 17: return .priceCompare(op(), Self.prices.randomElement(using: &random)!)
        case 18: return .bornCompare(op(), Date(timeIntervalSinceReferenceDate: Double(Int.random(in: -3...3, using: &random)) * 86_400))
        case 19: return .labelsContain(Self.labelTexts.randomElement(using: &random)!)
        case 20: return .ternary(op(), Int.random(in: -3...3, using: &random))
        case 21: return .scoreCompare(op(), Double(Int.random(in: -4...4, using: &random)) / 2)
        case 22: return .priorityEquals(chance(0.3) ? nil : Urgency.allCases.randomElement(using: &random))
        case 23: return .habitatRegionEquals(Self.regions.randomElement(using: &random)!, negated: chance(0.5))
        case 24: return .habitatRegionCompare(op(), Self.regions.randomElement(using: &random)!)
        case 25: return .habitatAltitudeCompare(op(), Int.random(in: -3...3, using: &random))
        case 26: return .habitatNoteEquals(chance(0.3) ? nil : Self.notes.randomElement(using: &random)!, negated: chance(0.5))
        case 27: return .habitatIndoor
        case 28: return .habitatZoneCode(op(), Int.random(in: 0...3, using: &random))
        case 29: return .habitatZoneWet(chance(0.3) ? nil : chance(0.5))
        case 30: return .habitatShadeEquals(Shade.allCases.randomElement(using: &random)!)
        case 31: return .habitatDepthCompare(op(), Self.depths.randomElement(using: &random)!)
        case 32: return .habitatTagEquals(chance(0.2) ? nil : Self.tagIDs.randomElement(using: &random)!, negated: chance(0.5))
        case 33: return .habitatSurveyedCompare(op(), Date(timeIntervalSinceReferenceDate: Self.depths.randomElement(using: &random)!))
        default: return .formerRegionEquals(chance(0.3) ? nil : Self.regions.randomElement(using: &random)!)
        }
    }

    static func build(_ tree: Tree, _ v: Variable) -> BoolExpression {
        switch tree {
        case .atom(let atom): return build(atom, v)
        case .and(let a, let b): return and(build(a, v), build(b, v))
        case .or(let a, let b): return or(build(a, v), build(b, v))
        case .not(let a): return not(build(a, v))
        }
    }

    static func and<A: StandardPredicateExpression<Bool>, B: StandardPredicateExpression<Bool>>(_ a: A, _ b: B) -> BoolExpression {
        PredicateExpressions.Conjunction(lhs: a, rhs: b)
    }

    static func or<A: StandardPredicateExpression<Bool>, B: StandardPredicateExpression<Bool>>(_ a: A, _ b: B) -> BoolExpression {
        PredicateExpressions.Disjunction(lhs: a, rhs: b)
    }

    static func not<A: StandardPredicateExpression<Bool>>(_ a: A) -> BoolExpression {
        PredicateExpressions.Negation(a)
    }

    static func build(_ atom: Atom, _ v: Variable) -> BoolExpression {
        typealias P = PredicateExpressions
        switch atom {
        case .countCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: v, keyPath: \Specimen.count), rhs: P.Value(value), op: op)
        case .countEquals(let value, let negated):
            let count = P.KeyPath(root: v, keyPath: \Specimen.count)
            return negated ? P.NotEqual(lhs: count, rhs: P.Value(value)) : P.Equal(lhs: count, rhs: P.Value(value))
        case .nameEquals(let value):
            return P.Equal(lhs: P.KeyPath(root: v, keyPath: \Specimen.name), rhs: P.Value(value))
        case .nameCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: v, keyPath: \Specimen.name), rhs: P.Value(value), op: op)
        case .nicknameEquals(let value, let negated):
            let nickname = P.KeyPath(root: v, keyPath: \Specimen.nickname)
            return negated ? P.NotEqual(lhs: nickname, rhs: P.Value(value)) : P.Equal(lhs: nickname, rhs: P.Value(value))
        case .shadeEquals(let value):
            return P.Equal(lhs: P.KeyPath(root: v, keyPath: \Specimen.shade), rhs: P.Value(value))
        case .maybeFlagEquals(let value):
            return P.Equal(lhs: P.KeyPath(root: v, keyPath: \Specimen.maybeFlag), rhs: P.Value(value))
        case .flag:
            return P.KeyPath(root: v, keyPath: \Specimen.flag)
        case .nameContains(let value):
            return P.CollectionContainsCollection(base: P.KeyPath(root: v, keyPath: \Specimen.name), other: P.Value(value))
        case .nameStarts(let value):
            return P.SequenceStartsWith(base: P.KeyPath(root: v, keyPath: \Specimen.name), prefix: P.Value(value))
        case .nameLocalizedStandardContains(let value):
            return P.build_localizedStandardContains(P.KeyPath(root: v, keyPath: \Specimen.name), P.Value(value))
        case .weightCoalesced(let op, let value):
            return P.Comparison(lhs: P.NilCoalesce(lhs: P.KeyPath(root: v, keyPath: \Specimen.weight), rhs: P.Value(Float(0))),
                                rhs: P.Value(value), op: op)
        case .ownerName(let value):
            let name = P.OptionalFlatMap(P.KeyPath(root: v, keyPath: \Specimen.owner)) { P.KeyPath(root: $0, keyPath: \Keeper.name) }
            return P.Equal(lhs: name, rhs: P.Value(value))
        case .ownerRankCoalesced(let op, let value):
            let rank = P.OptionalFlatMap(P.KeyPath(root: v, keyPath: \Specimen.owner)) { P.KeyPath(root: $0, keyPath: \Keeper.rank) }
            return P.Comparison(lhs: P.NilCoalesce(lhs: rank, rhs: P.Value(-1)), rhs: P.Value(value), op: op)
        case .tagsContain(let value):
            return P.SequenceContains(sequence: P.KeyPath(root: v, keyPath: \Specimen.tags), element: P.Value(value))
        case .tagCount(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: P.KeyPath(root: v, keyPath: \Specimen.tags), keyPath: \[String].count),
                                rhs: P.Value(value), op: op)
        case .countArithmetic(let factor, let op, let value):
            let product = P.Arithmetic(lhs: P.KeyPath(root: v, keyPath: \Specimen.count), rhs: P.Value(factor), op: .multiply)
            return P.Comparison(lhs: P.Arithmetic(lhs: product, rhs: P.Value(1), op: .add), rhs: P.Value(value), op: op)
        case .priceCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: v, keyPath: \Specimen.price), rhs: P.Value(value), op: op)
        case .bornCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: v, keyPath: \Specimen.born), rhs: P.Value(value), op: op)
        case .labelsContain(let value):
            return P.SequenceContainsWhere(P.KeyPath(root: v, keyPath: \Specimen.labels)) {
                P.Equal(lhs: P.KeyPath(root: $0, keyPath: \Label.text), rhs: P.Value(value))
            }
        case .ternary(let op, let value):
            let chosen = P.Conditional(test: P.KeyPath(root: v, keyPath: \Specimen.flag),
                                       trueBranch: P.KeyPath(root: v, keyPath: \Specimen.count), falseBranch: P.Value(0))
            return P.Comparison(lhs: chosen, rhs: P.Value(value), op: op)
        case .scoreCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: v, keyPath: \Specimen.score), rhs: P.Value(value), op: op)
        case .priorityEquals(let value):
            return P.Equal(lhs: P.KeyPath(root: v, keyPath: \Specimen.priority), rhs: P.Value(value))
        case .habitatRegionEquals(let value, let negated):
            let region = P.KeyPath(root: habitat(v), keyPath: \Habitat.region)
            return negated ? P.NotEqual(lhs: region, rhs: P.Value(value)) : P.Equal(lhs: region, rhs: P.Value(value))
        case .habitatRegionCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: habitat(v), keyPath: \Habitat.region), rhs: P.Value(value), op: op)
        case .habitatAltitudeCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: habitat(v), keyPath: \Habitat.altitude), rhs: P.Value(value), op: op)
        case .habitatNoteEquals(let value, let negated):
            let note = P.KeyPath(root: habitat(v), keyPath: \Habitat.note)
            return negated ? P.NotEqual(lhs: note, rhs: P.Value(value)) : P.Equal(lhs: note, rhs: P.Value(value))
        case .habitatIndoor:
            return P.KeyPath(root: habitat(v), keyPath: \Habitat.indoor)
        case .habitatZoneCode(let op, let value):
            let zone = P.KeyPath(root: habitat(v), keyPath: \Habitat.zone)
            return P.Comparison(lhs: P.KeyPath(root: zone, keyPath: \Zone.code), rhs: P.Value(value), op: op)
        case .habitatZoneWet(let value):
            let zone = P.KeyPath(root: habitat(v), keyPath: \Habitat.zone)
            return P.Equal(lhs: P.KeyPath(root: zone, keyPath: \Zone.wet), rhs: P.Value(value))
        case .habitatShadeEquals(let value):
            return P.Equal(lhs: P.KeyPath(root: habitat(v), keyPath: \Habitat.shade), rhs: P.Value(value))
        case .habitatDepthCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: habitat(v), keyPath: \Habitat.depth), rhs: P.Value(value), op: op)
        case .habitatTagEquals(let value, let negated):
            let tagID = P.KeyPath(root: habitat(v), keyPath: \Habitat.tagID)
            return negated ? P.NotEqual(lhs: tagID, rhs: P.Value(value)) : P.Equal(lhs: tagID, rhs: P.Value(value))
        case .habitatSurveyedCompare(let op, let value):
            return P.Comparison(lhs: P.KeyPath(root: habitat(v), keyPath: \Habitat.surveyed), rhs: P.Value(value), op: op)
        case .formerRegionEquals(let value):
            let region = P.OptionalFlatMap(P.KeyPath(root: v, keyPath: \Specimen.formerHabitat)) { P.KeyPath(root: $0, keyPath: \Habitat.region) }
            return P.Equal(lhs: region, rhs: P.Value(value))
        }
    }

    static func habitat(_ v: Variable) -> PredicateExpressions.KeyPath<Variable, Habitat> {
        PredicateExpressions.KeyPath(root: v, keyPath: \Specimen.habitat)
    }
}

/// What a run of the oracle checked, and what it found wrong.
public struct DifferentialTally: Sendable {
    /// Predicates fetched and compared.
    public var checked = 0
    /// Predicates that selected some rows but not all (the oracle means something only if many do).
    public var discriminating = 0
    /// One line per predicate whose rows differ from Swift's, or that ran in Swift when it should not have.
    public var failures: [String] = []

    public init() {}

    public static func += (lhs: inout DifferentialTally, rhs: DifferentialTally) {
        lhs.checked += rhs.checked
        lhs.discriminating += rhs.discriminating
        lhs.failures += rhs.failures
    }
}
