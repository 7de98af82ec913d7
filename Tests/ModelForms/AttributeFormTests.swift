import Foundation
import OpenSwiftData
import Testing

/// `@Attribute(.unique)`, `#Unique`, `#Index`, `originalName`, `@Transient` and an enum
/// attribute, as one model declares them.
@Suite struct AttributeFormTests {
    @Test func aUniqueAttributeUpsertsASecondInsertOfItsKey() throws {
        let context = ModelContext(try inMemoryContainer(Tome.self, Loan.self, Renewal.self))
        context.insert(Tome(isbn: "978-0", title: "Dune"))
        try context.save()
        context.insert(Tome(isbn: "978-0", title: "Dune Messiah"))
        try context.save()
        let titles = try context.fetch(FetchDescriptor<Tome>()).map(\.title)
        #expect(titles == ["Dune Messiah"])
    }

    @Test func aCompoundUniqueKeyUpsertsASecondInsertOfItsValues() throws {
        let context = ModelContext(try inMemoryContainer(Tome.self, Loan.self, Renewal.self))
        context.insert(Tome(isbn: "a", title: "Dune", edition: 2))
        try context.save()
        context.insert(Tome(isbn: "b", title: "Dune", edition: 2))
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Tome>()).map(\.isbn) == ["b"])
    }

    @Test func theIndexesAndRenamedAttributeAreInTheSchema() throws {
        let entity = try #require(Schema([Tome.self, Loan.self, Renewal.self]).entitiesByName["Tome"])
        #expect(entity.indices.contains(["title"]))
        #expect(entity.indices.contains(["shelfMark"]))
        #expect(entity.attributesByName["shelfMark"]?.originalName == "mark")
        #expect(entity.attributesByName["timesShown"] == nil)
    }

    @Test func anEnumAndATransientPropertyRoundTripAsDeclared() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tome.self, Loan.self, Renewal.self))
            let tome = Tome(isbn: "1", title: "Emma", cover: .hardback)
            tome.timesShown = 5
            context.insert(tome)
            try context.save()
        }
        let context = ModelContext(try store.container(Tome.self, Loan.self, Renewal.self))
        let tome = try #require(try context.fetch(FetchDescriptor<Tome>()).first)
        #expect(tome.cover == .hardback)
        #expect(tome.timesShown == 0)
    }
}
