import Foundation
import OpenSwiftData
import Testing

/// Relationships with an inverse and a delete rule, and a hierarchy of model classes.
@Suite struct RelationshipFormTests {
    @Test func aSubclassIsFetchedThroughItsRootWithItsOwnValues() throws {
        let store = TestStore()
        let due = Date(timeIntervalSinceReferenceDate: 700_000_000)
        do {
            let context = ModelContext(try store.container(Tome.self, Loan.self, Renewal.self))
            let tome = Tome(isbn: "1", title: "Emma")
            context.insert(tome)
            tome.loans.append(Renewal(borrower: "Ann", due: due, count: 2))
            try context.save()
        }
        let context = ModelContext(try store.container(Tome.self, Loan.self, Renewal.self))
        let loans = try context.fetch(FetchDescriptor<Loan>())
        let renewal = try #require(loans.first as? Renewal)
        #expect(loans.count == 1)
        #expect(renewal.count == 2)
        #expect(renewal.due == due)
        #expect(renewal.tome?.title == "Emma")
    }

    @Test func deletingATomeCascadesToItsLoans() throws {
        let context = ModelContext(try inMemoryContainer(Tome.self, Loan.self, Renewal.self))
        let tome = Tome(isbn: "1", title: "Emma")
        context.insert(tome)
        tome.loans = [Loan(borrower: "Ann", due: .now), Renewal(borrower: "Bo", due: .now, count: 1)]
        try context.save()
        context.delete(tome)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Loan>()) == 0)
    }
}
