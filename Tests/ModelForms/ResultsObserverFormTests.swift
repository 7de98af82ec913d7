// This file imports only `SwiftData` (and Testing), as a view model written for Apple's
// SwiftData does: the WWDC26 form, an `@Observable` main-actor class holding a
// `ResultsObserver`, must compile under every build setting and follow the store.
#if !canImport(Darwin)
import SwiftData
import Testing

@Model
final class Voyage {
    var name: String
    var destination: String
    var startDate: Date

    init(name: String, destination: String, startDate: Date) {
        self.name = name
        self.destination = destination
        self.startDate = startDate
    }
}

@Observable @MainActor
final class VoyagePlanner {
    private let observer: ResultsObserver<Voyage, String>

    init(modelContext: ModelContext) throws {
        observer = try ResultsObserver(sortBy: [SortDescriptor(\.startDate)], sectionBy: \.destination, modelContext: modelContext)
    }

    var destinations: [String] { observer.sections?.sectionTitles ?? [] }
    var voyageCount: Int { observer.results.count }
}

@MainActor @Suite struct ResultsObserverFormTests {
    @Test func aViewModelHoldingAnObserverFollowsTheStore() async throws {
        let store = TestStore()
        let container = try store.container(Voyage.self)
        let context = ModelContext(container)
        context.insert(Voyage(name: "Fjords", destination: "Oslo", startDate: Date(timeIntervalSinceReferenceDate: 2)))
        context.insert(Voyage(name: "Trams", destination: "Lisbon", startDate: Date(timeIntervalSinceReferenceDate: 1)))
        try context.save()
        let planner = try VoyagePlanner(modelContext: ModelContext(container))
        #expect(planner.destinations == ["Lisbon", "Oslo"])
        context.insert(Voyage(name: "Canals", destination: "Amsterdam", startDate: Date(timeIntervalSinceReferenceDate: 3)))
        try context.save()
        // Generous: the whole suite shares two cores, and the update waits its turn on the main actor.
        let deadline = ContinuousClock.now + .seconds(600)
        while planner.voyageCount != 3, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(planner.destinations == ["Amsterdam", "Lisbon", "Oslo"])
    }
}
#endif
