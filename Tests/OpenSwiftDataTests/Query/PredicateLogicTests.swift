import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// `&&`, `||`, `!`, nil checks, `??`, ternaries and arithmetic, translated to SQL.
@Suite struct PredicateLogicTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func conjunction() throws {
        #expect(try store.names(#Predicate { $0.count > 0 && $0.flag }) == ["alpha", "gamma"])
    }

    @Test func disjunction() throws {
        #expect(try store.names(#Predicate { $0.count < 0 || $0.score > 5 }) == ["Délta", "epsilon"])
    }

    @Test func negation() throws {
        #expect(try store.names(#Predicate { !($0.count > 0) }) == ["Délta", "epsilon"])
    }

    @Test func negatedOptionalComparisonIsTwoValued() throws {
        // NOT (NULL = 'Al') is NULL in SQL; Swift's !(nil == "Al") is true.
        #expect(try store.names(#Predicate { !($0.nickname == "Al") }) == ["Beta", "gamma", "Délta", "epsilon"])
    }

    @Test func isNil() throws {
        #expect(try store.names(#Predicate { $0.nickname == nil }) == ["Beta", "epsilon"])
    }

    @Test func isNotNil() throws {
        #expect(try store.names(#Predicate { $0.nickname != nil }) == ["alpha", "gamma", "Délta"])
    }

    @Test func nilCoalescing() throws {
        #expect(try store.names(#Predicate { ($0.nickname ?? "zzz") > "a" }) == ["Beta", "Délta", "epsilon"])
    }

    @Test func ternary() throws {
        #expect(try store.names(#Predicate { ($0.flag ? $0.count : -$0.count) > 5 }) == ["alpha", "gamma"])
    }

    @Test func additionAndMultiplication() throws {
        #expect(try store.names(#Predicate { $0.count * 2 + 1 > 19 }) == ["alpha", "gamma"])
    }

    @Test func subtraction() throws {
        #expect(try store.names(#Predicate { $0.count - 10 == -1 }) == ["Beta"])
    }

    @Test func integerDivisionTruncatesLikeSwift() throws {
        #expect(try store.names(#Predicate { $0.count / 4 == 2 }) == ["alpha", "Beta"])
        #expect(try store.names(#Predicate { $0.count / 4 == -1 }) == ["Délta"])
    }

    @Test func remainder() throws {
        #expect(try store.names(#Predicate { $0.count % 3 == 0 }) == ["Beta", "epsilon"])
    }

    @Test func floatingPointDivision() throws {
        #expect(try store.names(#Predicate { $0.score / 2 > 1 }) == ["Délta", "epsilon"])
    }

    @Test func alwaysTrue() throws {
        #expect(try store.names(#Predicate { _ in true }).count == 5)
    }
}
