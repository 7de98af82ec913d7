import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// Optional chaining through to-one relationships at any depth, and captured models.
@Suite struct PredicateRelationshipTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func optionalChainEquality() throws {
        #expect(try store.names(#Predicate { $0.owner?.name == "Ada" }) == ["alpha", "Beta"])
    }

    @Test func optionalChainInequalityIncludesNilRelationships() throws {
        #expect(try store.names(#Predicate { $0.owner?.name != "Ada" }) == ["gamma", "Délta", "epsilon"])
    }

    @Test func twoLevelOptionalChain() throws {
        #expect(try store.names(#Predicate { $0.owner?.club?.title == "Rowing" }) == ["gamma"])
    }

    @Test func twoLevelOptionalChainIsNil() throws {
        #expect(try store.names(#Predicate { $0.owner?.club?.title == nil }) == ["Délta", "epsilon"])
    }

    @Test func capturedValueThroughOptionalChain() throws {
        let name = "Chess"
        #expect(try store.names(#Predicate { $0.owner?.club?.title == name }) == ["alpha", "Beta"])
    }

    @Test func optionalChainWithNilCoalescing() throws {
        #expect(try store.names(#Predicate { ($0.owner?.rank ?? 0) >= 2 }) == ["alpha", "Beta", "Délta"])
    }

    @Test func relationshipIsNil() throws {
        #expect(try store.names(#Predicate { $0.owner == nil }) == ["epsilon"])
    }

    @Test func relationshipIdentifierEqualsCapturedIdentifier() throws {
        let bob = try #require(try store.context.fetch(FetchDescriptor<Keeper>(predicate: #Predicate { $0.name == "Bob" })).first)
        let id = bob.persistentModelID
        #expect(try store.names(#Predicate { $0.owner?.persistentModelID == id }) == ["gamma"])
    }
}
