import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// `==`, `!=`, `<`, `<=`, `>`, `>=` on every attribute type, translated to SQL.
/// The data makes text order, enum declaration order and NULL mishandling give
/// different rows than Swift does.
@Suite struct PredicateComparisonTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func intEqualitySelectsTheEqualRow() throws {
        #expect(try store.names(#Predicate { $0.count == 9 }) == ["Beta"])
    }

    @Test func intInequalitySelectsEveryOtherRow() throws {
        #expect(try store.names(#Predicate { $0.count != 9 }) == ["alpha", "gamma", "Délta", "epsilon"])
    }

    @Test func intLessThanComparesNumbersNotText() throws {
        #expect(try store.names(#Predicate { $0.count < 9 }) == ["Délta", "epsilon"])
    }

    @Test func intLessThanOrEqualIncludesTheBound() throws {
        #expect(try store.names(#Predicate { $0.count <= 9 }) == ["Beta", "Délta", "epsilon"])
    }

    @Test func intGreaterThanComparesNumbersNotText() throws {
        #expect(try store.names(#Predicate { $0.count > 9 }) == ["alpha", "gamma"])
    }

    @Test func intGreaterThanOrEqualIncludesTheBound() throws {
        #expect(try store.names(#Predicate { $0.count >= 10 }) == ["alpha", "gamma"])
    }

    @Test func doubleComparison() throws {
        #expect(try store.names(#Predicate { $0.score > 1.5 }) == ["Délta", "epsilon"])
    }

    @Test func capturedValuesCompareAsStored() throws {
        let threshold = 1.5
        let count = 9
        #expect(try store.names(#Predicate { $0.score >= threshold && $0.count != count }) == ["alpha", "Délta", "epsilon"])
    }

    @Test func decimalComparesNumericallyNotAsText() throws {
        let price = Decimal(string: "9.99")!
        #expect(try store.names(#Predicate { $0.price > price }) == ["Beta", "gamma"])
    }

    @Test func decimalEquality() throws {
        let two = Decimal(2)
        #expect(try store.names(#Predicate { $0.price == two }) == ["Délta"])
    }

    @Test func optionalFloatWithNilCoalescing() throws {
        #expect(try store.names(#Predicate { ($0.weight ?? 0) > 0.75 }) == ["alpha", "gamma"])
    }

    @Test func boolEqualsTrue() throws {
        #expect(try store.names(#Predicate { $0.flag == true }) == ["alpha", "gamma", "epsilon"])
    }

    @Test func boolAttributeAsTheWholePredicate() throws {
        #expect(try store.names(#Predicate { $0.flag }) == ["alpha", "gamma", "epsilon"])
    }

    @Test func optionalBoolEqualsTrue() throws {
        #expect(try store.names(#Predicate { $0.maybeFlag == true }) == ["alpha", "Délta"])
    }

    @Test func optionalBoolNotEqualIncludesNil() throws {
        // NULL <> 1 is NULL in SQL; Swift's nil != true is true.
        #expect(try store.names(#Predicate { $0.maybeFlag != true }) == ["Beta", "gamma", "epsilon"])
    }

    @Test func dateComparison() throws {
        let day1 = Date(timeIntervalSinceReferenceDate: SpecimenStore.day)
        #expect(try store.names(#Predicate { $0.born < day1 }) == ["Délta", "epsilon"])
    }

    @Test func dateEquality() throws {
        let day2 = Date(timeIntervalSinceReferenceDate: 2 * SpecimenStore.day)
        #expect(try store.names(#Predicate { $0.born == day2 }) == ["Beta"])
    }

    @Test func uuidEquality() throws {
        let id = SpecimenStore.uid2
        #expect(try store.names(#Predicate { $0.uid == id }) == ["Beta"])
    }

    @Test func uuidOrderIsBytewiseLikeSwift() throws {
        let id = SpecimenStore.uid2
        #expect(try store.names(#Predicate { $0.uid < id }) == ["alpha"])
    }

    @Test func enumEqualityComparesRawValues() throws {
        let green = Shade.green
        #expect(try store.names(#Predicate { $0.shade == green }) == ["Beta", "epsilon"])
    }

    @Test func capturedEnumEquality() throws {
        let shade = Shade.blue
        #expect(try store.names(#Predicate { $0.shade == shade }) == ["gamma"])
    }

    @Test func enumInequality() throws {
        let red = Shade.red
        #expect(try store.names(#Predicate { $0.shade != red }) == ["Beta", "gamma", "epsilon"])
    }

    @Test func optionalEnumEquality() throws {
        let high = Urgency.high
        #expect(try store.names(#Predicate { $0.priority == high }) == ["alpha", "epsilon"])
    }

    @Test func rawValueComparison() throws {
        #expect(try store.names(#Predicate { $0.shade.rawValue < "h" }) == ["Beta", "gamma", "epsilon"])
    }

    @Test func enumOrderingStaysInSwiftButIsCorrect() throws {
        // An enum's own < need not follow its raw values, so it is not pushed down.
        let low = Urgency.low
        #expect(try store.names(#Predicate { ($0.priority ?? low) > low }, inSQL: false) == ["alpha", "gamma", "epsilon"])
    }

    @Test func stringEqualityIsCaseSensitive() throws {
        #expect(try store.names(#Predicate { $0.name == "beta" }).isEmpty)
        #expect(try store.names(#Predicate { $0.name == "Beta" }) == ["Beta"])
    }

    @Test func stringOrderingIsSwiftsScalarOrder() throws {
        #expect(try store.names(#Predicate { $0.name < "a" }) == ["Beta", "Délta"])
    }

    @Test func capturedArrayContainsAttribute() throws {
        let wanted = ["alpha", "gamma", "nobody"]
        #expect(try store.names(#Predicate { wanted.contains($0.name) }) == ["alpha", "gamma"])
    }

    @Test func closedRangeContains() throws {
        #expect(try store.names(#Predicate { (1...10).contains($0.count) }) == ["alpha", "Beta"])
    }

    @Test func capturedHalfOpenRangeContains() throws {
        let range = 0..<10
        #expect(try store.names(#Predicate { range.contains($0.count) }) == ["Beta", "epsilon"])
    }
}

/// Decimals that a Double cannot tell apart still compare and sort exactly in SQL.
@Suite struct DecimalPrecisionTests {
    @Test func decimalsBeyondDoublePrecisionCompareAndSortExactly() throws {
        let container = try ModelContainer(for: Specimen.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let setup = ModelContext(container)
        let smaller = Decimal(string: "1234567890123456789.01")!, larger = Decimal(string: "1234567890123456789.02")!
        setup.insert(Specimen(name: "larger", price: larger))
        setup.insert(Specimen(name: "smaller", price: smaller))
        try setup.save()
        let context = ModelContext(container)
        let above = FetchDescriptor<Specimen>(predicate: #Predicate { $0.price > smaller })
        #expect(try context.explain(above).runsEntirelyInSQL)
        #expect(try context.fetch(above).map(\.name) == ["larger"])
        #expect(try context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.price == smaller })).map(\.name) == ["smaller"])
        let sorted = FetchDescriptor<Specimen>(sortBy: [SortDescriptor(\.price)])
        #expect(!(try context.explain(sorted).sortsInSwift))
        #expect(try context.fetch(sorted).map(\.name) == ["smaller", "larger"])
    }
}
