import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// A captured NaN compares as in Swift, where every comparison with NaN is false: found by
/// the predicate fuzz target (`Fuzz/`), where `!(score == nan)` selected no row (SQL bound
/// NaN as NULL, and the negation of an unknown comparison is unknown) while Swift selects all.
@Suite struct PredicateNaNTests {
    let container: ModelContainer

    init() throws {
        container = try ModelContainer(for: Specimen.self, Keeper.self, Club.self, Label.self,
                                       configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let setup = ModelContext(container)
        setup.insert(Specimen(name: "zero", score: 0))
        setup.insert(Specimen(name: "one", score: 1, weight: 2))
        try setup.save()
    }

    /// NaN as a program meets it, from data (written `.nan`, the compiler warns of the comparisons this tests).
    static let notANumber = Double("nan") ?? 0

    func names(_ predicate: Predicate<Specimen>) throws -> Set<String> {
        Set(try ModelContext(container).fetch(FetchDescriptor(predicate: predicate)).map(\.name))
    }

    @Test func nothingEqualsNaN() throws {
        let missing = Self.notANumber
        #expect(try names(#Predicate { $0.score == missing }).isEmpty)
        #expect(try names(#Predicate { !($0.score == missing) }) == ["zero", "one"])
        #expect(try names(#Predicate { $0.score != missing }) == ["zero", "one"])
    }

    @Test func nothingIsOrderedAgainstNaN() throws {
        let missing = Self.notANumber
        #expect(try names(#Predicate { $0.score < missing || $0.score >= missing }).isEmpty)
        #expect(try names(#Predicate { !($0.score < missing) }) == ["zero", "one"])
    }

    @Test func anOptionalComparedWithNaNIsFalseEvenWhenNil() throws {
        let missing = Float(Self.notANumber)
        #expect(try names(#Predicate { !($0.weight == missing) }) == ["zero", "one"])
    }

    @Test func aCapturedListHoldingNaNMatchesOnlyItsOtherValues() throws {
        let scores = [Self.notANumber, 1]
        #expect(try names(#Predicate { scores.contains($0.score) }) == ["one"])
        #expect(try names(#Predicate { !scores.contains($0.score) }) == ["zero"])
    }
}
