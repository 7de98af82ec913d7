import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// `includePendingChanges`: unsaved inserts, changes and deletions of the fetching
/// context are reflected by default, with the predicate, sort and window applied to
/// them as they are in memory.
@Suite struct PendingChangesTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func unsavedInsertIsFetched() throws {
        store.context.insert(Specimen(name: "zeta", count: 50, flag: true))
        let names = try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.count > 9 })).map(\.name)
        #expect(Set(names) == ["alpha", "gamma", "zeta"])
    }

    @Test func unsavedChangeIsMatchedAsItIsInMemory() throws {
        let beta = try #require(try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.name == "Beta" })).first)
        beta.count = 1000
        let alpha = try #require(try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.name == "alpha" })).first)
        alpha.count = 1
        let names = try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.count > 9 })).map(\.name)
        #expect(Set(names) == ["Beta", "gamma"])
    }

    @Test func unsavedDeletionIsLeftOut() throws {
        let gamma = try #require(try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.name == "gamma" })).first)
        store.context.delete(gamma)
        let names = try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.count > 9 })).map(\.name)
        #expect(names == ["alpha"])
    }

    @Test func pendingChangesAreSortedAndWindowed() throws {
        store.context.insert(Specimen(name: "zeta", count: 50))
        var descriptor = FetchDescriptor<Specimen>(sortBy: [SortDescriptor(\.count, order: .reverse)])
        descriptor.fetchLimit = 2
        #expect(try store.context.fetch(descriptor).map(\.name) == ["gamma", "zeta"])
        #expect(try store.context.fetchCount(descriptor) == 2)
    }

    @Test func unsavedChangeOfARelatedModelIsReflected() throws {
        let bob = try #require(try store.context.fetch(FetchDescriptor<Keeper>(predicate: #Predicate { $0.name == "Bob" })).first)
        bob.name = "Ada"
        let names = try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.owner?.name == "Ada" })).map(\.name)
        #expect(Set(names) == ["alpha", "Beta", "gamma"])
    }

    @Test func changeMadeAfterASaveIsReflected() throws {
        let alpha = try #require(try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.name == "alpha" })).first)
        alpha.count = 1
        try store.context.save()
        alpha.count = 500
        let names = try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.count > 100 })).map(\.name)
        #expect(names == ["alpha"])
    }

    @Test func changeMadeAfterARollbackIsReflected() throws {
        let alpha = try #require(try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.name == "alpha" })).first)
        alpha.count = 1
        store.context.rollback()
        alpha.count = 500
        let names = try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.count > 100 })).map(\.name)
        #expect(names == ["alpha"])
    }

    @Test func insertsOfInterleavedEntitiesAreEachReflected() throws {
        store.context.insert(Specimen(name: "zeta", count: 50))
        store.context.insert(Keeper(name: "Dee"))
        store.context.insert(Specimen(name: "eta", count: 60))
        let specimens = try store.context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.count > 40 })).map(\.name)
        let keepers = try store.context.fetch(FetchDescriptor<Keeper>()).map(\.name)
        #expect(Set(specimens) == ["gamma", "zeta", "eta"])
        #expect(Set(keepers) == ["Ada", "Bob", "Cy", "Dan", "Dee"])
    }

    @Test func excludingPendingChangesReadsTheStore() throws {
        store.context.insert(Specimen(name: "zeta", count: 50))
        var descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.count > 9 })
        descriptor.includePendingChanges = false
        #expect(Set(try store.context.fetch(descriptor).map(\.name)) == ["alpha", "gamma"])
    }
}
