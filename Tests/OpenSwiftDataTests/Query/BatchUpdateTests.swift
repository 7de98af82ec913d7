import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// `update(where:set:)`: one UPDATE for every matching row, registered models refreshed.
@Suite struct BatchUpdateTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func updatesEveryMatchingRow() throws {
        let updated = try store.context.update(Specimen.self, where: #Predicate { $0.count > 5 },
                                               set: [.set(\.nickname, to: "big"), .set(\.flag, to: false)])
        #expect(updated == 3)
        let other = ModelContext(store.container)
        let big = try other.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.nickname == "big" }))
        #expect(Set(big.map(\.name)) == ["alpha", "Beta", "gamma"])
        #expect(big.allSatisfy { !$0.flag })
    }

    @Test func registeredModelsAreRefreshedWithoutBecomingChanged() throws {
        let alpha = try #require(try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.name == "alpha" })).first)
        try store.context.update(Specimen.self, where: #Predicate { $0.name == "alpha" }, set: [.set(\.shade, to: .blue)])
        #expect(alpha.shade == .blue)
        #expect(!alpha.hasChanges)
        #expect(!store.context.hasChanges)
    }

    @Test func predicateEvaluatedInSwiftStillUpdatesTheRightRows() throws {
        let updated = try store.context.update(Specimen.self, where: #Predicate { $0.computedLength == 4 }, set: [.set(\.count, to: 0)])
        #expect(updated == 1)
        #expect(try store.context.fetchCount(FetchDescriptor<Specimen>(predicate: #Predicate { $0.count == 0 })) == 2)
    }

    @Test func settingAnOptionalToNilStoresNull() throws {
        try store.context.update(Specimen.self, set: [.set(\.nickname, to: "x")])
        try store.context.update(Specimen.self, where: #Predicate { $0.name == "alpha" }, set: [.set(\.nickname, to: nil)])
        let other = ModelContext(store.container)
        let unnamed = try other.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.nickname == nil }))
        #expect(unnamed.map(\.name) == ["alpha"])
    }

    @Test func updatingARelationshipIsAnError() throws {
        #expect(throws: OpenSwiftDataError.self) {
            try store.context.update(Specimen.self, set: [.set(\.owner, to: nil)])
        }
    }
}
