import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// Sorting in SQL on every comparable attribute, in both directions, with the same
/// order `SortDescriptor.compare` gives in Swift: nil first ascending, last descending.
@Suite struct SortTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func intAscending() throws {
        #expect(try store.sorted([SortDescriptor(\.count)]) == ["Délta", "epsilon", "Beta", "alpha", "gamma"])
    }

    @Test func intDescending() throws {
        #expect(try store.sorted([SortDescriptor(\.count, order: .reverse)]) == ["gamma", "alpha", "Beta", "epsilon", "Délta"])
    }

    @Test func double() throws {
        #expect(try store.sorted([SortDescriptor(\.score)]) == ["Beta", "gamma", "alpha", "Délta", "epsilon"])
    }

    @Test func decimalSortsNumerically() throws {
        #expect(try store.sorted([SortDescriptor(\.price)]) == ["epsilon", "Délta", "alpha", "Beta", "gamma"])
    }

    @Test func date() throws {
        #expect(try store.sorted([SortDescriptor(\.born, order: .reverse)]) == ["gamma", "Beta", "alpha", "epsilon", "Délta"])
    }

    @Test func uuid() throws {
        #expect(try store.sorted([SortDescriptor(\.uid)]) == ["alpha", "Beta", "Délta", "epsilon", "gamma"])
    }

    @Test func stringWithoutComparatorIsScalarOrder() throws {
        #expect(try store.sorted([SortDescriptor(\.name)]) == ["Beta", "Délta", "alpha", "epsilon", "gamma"])
    }

    @Test func stringWithComparatorSortsInSwift() throws {
        let sorted = try store.sorted([SortDescriptor(\.name, comparator: .lexical)], inSQL: false)
        #expect(sorted.count == 5)
    }

    @Test func boolPutsFalseFirst() throws {
        let sorted = try store.sorted([SortDescriptor(\.flag), SortDescriptor(\.count)])
        #expect(sorted == ["Délta", "Beta", "epsilon", "alpha", "gamma"])
    }

    @Test func enumByRawValue() throws {
        let sorted = try store.sorted([SortDescriptor(\.shade.rawValue), SortDescriptor(\.count)])
        #expect(sorted == ["gamma", "epsilon", "Beta", "Délta", "alpha"])
    }

    @Test func comparableEnumWhoseOrderMatchesItsRawValues() throws {
        #expect(try store.sorted([SortDescriptor(\.priority), SortDescriptor(\.count)]) == ["Délta", "Beta", "gamma", "epsilon", "alpha"])
    }

    @Test func optionalNilFirstAscending() throws {
        #expect(try store.sorted([SortDescriptor(\.nickname), SortDescriptor(\.count)]) == ["epsilon", "Beta", "alpha", "gamma", "Délta"])
    }

    @Test func optionalNilLastDescending() throws {
        #expect(try store.sorted([SortDescriptor(\.nickname, order: .reverse), SortDescriptor(\.count)])
            == ["Délta", "gamma", "alpha", "epsilon", "Beta"])
    }

    @Test func throughToOneRelationship() throws {
        #expect(try store.sorted([SortDescriptor(\.owner?.name), SortDescriptor(\.count)]) == ["epsilon", "Beta", "alpha", "gamma", "Délta"])
    }

    @Test func throughTwoToOneRelationships() throws {
        #expect(try store.sorted([SortDescriptor(\.owner?.club?.title, order: .reverse), SortDescriptor(\.count)])
            == ["gamma", "Beta", "alpha", "Délta", "epsilon"])
    }

    @Test func severalKeys() throws {
        #expect(try store.sorted([SortDescriptor(\.flag, order: .reverse), SortDescriptor(\.score, order: .reverse)])
            == ["epsilon", "alpha", "gamma", "Délta", "Beta"])
    }
}
