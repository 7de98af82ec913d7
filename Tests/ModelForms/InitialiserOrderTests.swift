import Foundation
import OpenSwiftData
import Testing

/// A model's initialiser may set its persisted `var`s before its `let`s, as in
/// SwiftData: what it sets is stored, and a relationship set that way joins its
/// inverse when the model is inserted.
@Suite struct InitialiserOrderTests {
    private let submitted = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func varsSetBeforeALetAreStored() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Publisher.self, Manuscript.self))
            context.insert(Manuscript(title: "Emma", publisher: Publisher(name: "Murray"), submittedAt: submitted))
            try context.save()
        }
        let context = ModelContext(try store.container(Publisher.self, Manuscript.self))
        let manuscripts = try context.fetch(FetchDescriptor<Manuscript>())
        try #require(manuscripts.count == 1)
        #expect(manuscripts[0].title == "Emma")
        #expect(manuscripts[0].submittedAt == submitted)
        #expect(manuscripts[0].pages == 1)
        #expect(manuscripts[0].publisher?.name == "Murray")
    }

    @Test func aVarSetAfterALetGoesThroughItsSetter() throws {
        let manuscript = Manuscript(title: "Emma", publisher: nil, submittedAt: submitted)
        let changed = ObservationFlag()
        withObservationTracking { _ = manuscript.pages } onChange: { changed.set() }
        manuscript.pages = 2
        #expect(changed.isSet)
        #expect(manuscript.pages == 2)
    }

    @Test func aRelationshipSetBeforeALetJoinsItsInverseOnInsert() throws {
        let context = ModelContext(try inMemoryContainer(Publisher.self, Manuscript.self))
        let publisher = Publisher(name: "Murray")
        context.insert(publisher)
        let manuscript = Manuscript(title: "Emma", publisher: publisher, submittedAt: submitted)
        context.insert(manuscript)
        #expect(publisher.manuscripts.map(\.title) == ["Emma"])
        try context.save()
        let fresh = ModelContext(context.container)
        let publishers = try fresh.fetch(FetchDescriptor<Publisher>())
        #expect(publishers.map { $0.manuscripts.map(\.title) } == [["Emma"]])
    }

    @Test func aRelationshipSetBeforeALetInsertsItsDestinationWithIt() throws {
        let context = ModelContext(try inMemoryContainer(Publisher.self, Manuscript.self))
        context.insert(Manuscript(title: "Emma", publisher: Publisher(name: "Murray"), submittedAt: submitted))
        try context.save()
        let publishers = try ModelContext(context.container).fetch(FetchDescriptor<Publisher>())
        #expect(publishers.map(\.name) == ["Murray"])
        #expect(publishers.first?.manuscripts.map(\.title) == ["Emma"])
    }

    // The stored publisher's manuscripts are not in memory: the new one is recorded as
    // appended, once, whether the initialiser's setter or the insert joined it.
    @Test(arguments: [true, false])
    func aRelationshipToAStoredModelIsJoinedOnce(setBeforeTheLet: Bool) throws {
        let container = try inMemoryContainer(Publisher.self, Manuscript.self)
        do {
            let context = ModelContext(container)
            context.insert(Publisher(name: "Murray"))
            try context.save()
        }
        let context = ModelContext(container)
        let publisher = try #require(try context.fetch(FetchDescriptor<Publisher>()).first)
        let manuscript = setBeforeTheLet
            ? Manuscript(title: "Emma", publisher: publisher, submittedAt: submitted)
            : Manuscript(submittedAt: submitted, title: "Emma", publisher: publisher)
        context.insert(manuscript)
        try context.save()
        #expect(publisher.manuscripts.map(\.title) == ["Emma"])
        let stored = try ModelContext(container).fetch(FetchDescriptor<Publisher>())
        #expect(stored.map { $0.manuscripts.map(\.title) } == [["Emma"]])
    }
}
