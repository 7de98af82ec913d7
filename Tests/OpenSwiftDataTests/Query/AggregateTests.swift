import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// Sum, average, minimum, maximum and count in SQL, whole or grouped by an attribute,
/// equal to what Swift computes over the fetched models.
@Suite struct AggregateTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func sumOfIntegers() throws {
        #expect(try store.context.sum(of: \Specimen.count) == 10 + 9 + 100 - 5 + 0)
    }

    @Test func sumWithPredicate() throws {
        #expect(try store.context.sum(of: \Specimen.count, where: #Predicate { $0.flag }) == 110)
    }

    @Test func sumOfNothingIsZero() throws {
        #expect(try store.context.sum(of: \Specimen.score, where: #Predicate { $0.count > 1000 }) == 0)
    }

    @Test func sumOfDecimalsIsExact() throws {
        #expect(try store.context.sum(of: \Specimen.price) == Decimal(string: "122.99")!)
    }

    @Test func average() throws {
        #expect(try store.context.average(of: \Specimen.count) == 114.0 / 5)
    }

    @Test func averageOfNothingIsNil() throws {
        #expect(try store.context.average(of: \Specimen.count, where: #Predicate { $0.count > 1000 }) == nil)
    }

    @Test func minimumAndMaximum() throws {
        #expect(try store.context.minimum(of: \Specimen.count) == -5)
        #expect(try store.context.maximum(of: \Specimen.born) == Date(timeIntervalSinceReferenceDate: 3 * SpecimenStore.day))
        #expect(try store.context.maximum(of: \Specimen.name) == "gamma")
    }

    @Test func countGroupedByEnum() throws {
        #expect(try store.context.count(groupedBy: \Specimen.shade) == [.red: 2, .green: 2, .blue: 1])
    }

    @Test func sumGroupedByOptionalAttribute() throws {
        let sums = try store.context.sum(of: \Specimen.count, groupedBy: \Specimen.priority)
        #expect(sums == [.high: 10, .low: 9, .medium: 100, nil: -5])
    }

    @Test func groupedMaximum() throws {
        #expect(try store.context.maximum(of: \Specimen.score, groupedBy: \Specimen.flag) == [true: 10, false: 3.25])
    }

    @Test func unsavedChangesAreIncluded() throws {
        store.context.insert(Specimen(name: "zeta", count: 1000))
        #expect(try store.context.sum(of: \Specimen.count) == 1114)
        #expect(try store.context.count(groupedBy: \Specimen.shade)[.red] == 3)
    }
}
