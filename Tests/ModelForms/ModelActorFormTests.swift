import Foundation
import OpenSwiftData
import Testing

/// A `@ModelActor` declared in the target saves on its own context; other contexts see it.
@Suite struct ModelActorFormTests {
    @Test func aModelActorsSaveIsSeenByAnotherContext() async throws {
        let container = try inMemoryContainer(Tome.self, Loan.self, Renewal.self)
        let identifiers = try await Cataloguer(modelContainer: container).add(titles: ["Emma", "Dune"])
        let tome = ModelContext(container).model(for: identifiers[1]) as? Tome
        #expect(tome?.title == "Dune")
    }

    @Test func aModelActorReadsAModelByIdentifier() async throws {
        let container = try inMemoryContainer(Tome.self, Loan.self, Renewal.self)
        let context = ModelContext(container)
        let tome = Tome(isbn: "1", title: "Emma")
        context.insert(tome)
        try context.save()
        let identifier = tome.persistentModelID
        #expect(await Cataloguer(modelContainer: container).title(of: identifier) == "Emma")
    }
}
