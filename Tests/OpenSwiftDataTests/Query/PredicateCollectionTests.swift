import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// Array attributes stored as JSON, and to-many relationships (by foreign key and
/// through a join table), queried with EXISTS subqueries.
@Suite struct PredicateCollectionTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func arrayAttributeContains() throws {
        #expect(try store.names(#Predicate { $0.tags.contains("x") }) == ["alpha", "gamma"])
    }

    @Test func arrayAttributeIsEmpty() throws {
        #expect(try store.names(#Predicate { $0.tags.isEmpty }) == ["Beta"])
    }

    @Test func arrayAttributeCount() throws {
        #expect(try store.names(#Predicate { $0.tags.count >= 2 }) == ["alpha", "gamma"])
    }

    @Test func arrayAttributeContainsWhere() throws {
        #expect(try store.names(#Predicate { $0.tags.contains { $0 > "x" } }) == ["gamma"])
    }

    @Test func toManyContainsWhere() throws {
        #expect(try store.keepers(#Predicate { $0.specimens.contains { $0.flag } }) == ["Ada", "Bob"])
    }

    @Test func toManyAllSatisfy() throws {
        // An empty relationship satisfies every test, as in Swift.
        #expect(try store.keepers(#Predicate { $0.specimens.allSatisfy { $0.flag } }) == ["Bob", "Dan"])
    }

    @Test func toManyIsEmpty() throws {
        #expect(try store.keepers(#Predicate { $0.specimens.isEmpty }) == ["Dan"])
    }

    @Test func toManyCount() throws {
        #expect(try store.keepers(#Predicate { $0.specimens.count == 2 }) == ["Ada"])
    }

    @Test func toManyFilterCount() throws {
        #expect(try store.keepers(#Predicate { $0.specimens.filter { $0.count > 5 }.count == 2 }) == ["Ada"])
    }

    @Test func manyToManyContainsWhere() throws {
        #expect(try store.names(#Predicate { $0.labels.contains { $0.text == "shiny" } }) == ["alpha"])
    }

    @Test func manyToManyCount() throws {
        #expect(try store.names(#Predicate { $0.labels.count == 1 }) == ["gamma"])
    }

    @Test func nestedRelationshipTests() throws {
        #expect(try store.keepers(#Predicate { $0.specimens.contains { $0.labels.contains { $0.text == "rare" } } }) == ["Ada", "Bob"])
    }
}
