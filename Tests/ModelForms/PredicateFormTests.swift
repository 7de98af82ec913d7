import Foundation
import OpenSwiftData
import Testing

/// `#Predicate` and `SortDescriptor` on a model of the target: captured values, an enum,
/// and a chain through a to-one relationship.
@Suite struct PredicateFormTests {
    private func catalogue() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Tome.self, Loan.self, Renewal.self))
        let emma = Tome(isbn: "1", title: "Emma", cover: .hardback)
        let dune = Tome(isbn: "2", title: "Dune")
        context.insert(emma)
        context.insert(dune)
        emma.loans = [Loan(borrower: "Ann", due: .now)]
        dune.loans = [Loan(borrower: "Bo", due: .now)]
        try context.save()
        return context
    }

    @Test func aPredicateWithACapturedValueAndAnEnumSelectsInSQL() throws {
        let context = try catalogue()
        let cover = Cover.hardback
        let descriptor = FetchDescriptor<Tome>(predicate: #Predicate { $0.cover == cover && $0.edition >= 1 })
        #expect(try context.fetch(descriptor).map(\.title) == ["Emma"])
    }

    @Test func aPredicateThroughAToOneRelationshipSelectsTheLoans() throws {
        let context = try catalogue()
        let title = "Dune"
        let descriptor = FetchDescriptor<Loan>(predicate: #Predicate { $0.tome?.title == title })
        #expect(try context.fetch(descriptor).map(\.borrower) == ["Bo"])
    }

    @Test func aSortDescriptorOrdersTheResults() throws {
        let context = try catalogue()
        let descriptor = FetchDescriptor<Tome>(sortBy: [SortDescriptor(\.title, order: .reverse)])
        #expect(try context.fetch(descriptor).map(\.title) == ["Emma", "Dune"])
    }
}
