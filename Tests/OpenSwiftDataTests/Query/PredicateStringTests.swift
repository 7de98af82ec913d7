import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// String searches, each with Swift's exact meaning: `contains` and `starts(with:)`
/// are case-sensitive; `localizedStandardContains` ignores case and diacritics.
@Suite struct PredicateStringTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func containsIsCaseSensitive() throws {
        #expect(try store.names(#Predicate { $0.name.contains("B") }) == ["Beta"])
        #expect(try store.names(#Predicate { $0.name.contains("b") }).isEmpty)
    }

    @Test func containsCapturedText() throws {
        let text = "lt"
        #expect(try store.names(#Predicate { $0.name.contains(text) }) == ["Délta"])
    }

    @Test func localizedStandardContainsIgnoresCaseAndDiacritics() throws {
        let search = "DELT"
        #expect(try store.names(#Predicate { $0.name.localizedStandardContains(search) }) == ["Délta"])
    }

    @Test func startsWithIsCaseSensitive() throws {
        #expect(try store.names(#Predicate { $0.name.starts(with: "B") }) == ["Beta"])
        #expect(try store.names(#Predicate { $0.name.starts(with: "b") }).isEmpty)
    }

    @Test func startsWithTreatsWildcardsLiterally() throws {
        #expect(try store.names(#Predicate { $0.name.starts(with: "*") }).isEmpty)
    }

    @Test func caseInsensitiveCompare() throws {
        let same = ComparisonResult.orderedSame
        #expect(try store.names(#Predicate { $0.name.caseInsensitiveCompare("BETA") == same }) == ["Beta"])
    }

    @Test func localizedCompareAgreesWithSwift() throws {
        let ascending = ComparisonResult.orderedAscending
        let selected = try store.names(#Predicate { $0.name.localizedCompare("c") == ascending })
        #expect(selected.contains("Beta") && selected.contains("alpha"))
    }

    @Test func optionalStringContainsThroughOptionalChaining() throws {
        #expect(try store.names(#Predicate { $0.nickname?.contains("e") == true }) == ["Délta"])
    }

    @Test func stringIsEmpty() throws {
        #expect(try store.names(#Predicate { $0.name.isEmpty }).isEmpty)
    }
}
