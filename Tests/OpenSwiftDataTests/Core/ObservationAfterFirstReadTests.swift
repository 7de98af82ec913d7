import Foundation
import Observation
import OpenSwiftData
import Testing

/// A model's setters tell the observation registrar of a change only once one of its
/// getters has run: only a getter registers an observer, so before any has run there
/// is none to tell, and an initialiser's assignments skip the registrar. (A change to a
/// property tracked on a new model: `ModelContextTests.modelsAreObservable`.)
@Suite struct ObservationAfterFirstReadTests {
    @Test func aNewModelNotesNoReadUntilAGetterRuns() {
        let person = Person(name: "Ada")
        person.name = "Grace"
        #expect(!person._$backingState.mayBeObserved)
        _ = person.name
        #expect(person._$backingState.mayBeObserved)
    }

    @Test func aChangeToAPropertyTrackedOnAFetchedModelIsReported() throws {
        let container = try inMemoryContainer(Person.self)
        let context = ModelContext(container)
        context.insert(Person(name: "Ada"))
        try context.save()
        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Person>()).first)
        nonisolated(unsafe) var changed = false
        withObservationTracking { _ = fetched.name } onChange: { changed = true }
        fetched.name = "Grace"
        #expect(changed)
    }

    @Test func aValueSetBeforeAnyReadIsSaved() throws {
        let container = try inMemoryContainer(Person.self)
        let context = ModelContext(container)
        let person = Person(name: "Ada")
        context.insert(person)
        try context.save()
        person.name = "Grace"
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Person>()).map(\.name) == ["Grace"])
    }
}
