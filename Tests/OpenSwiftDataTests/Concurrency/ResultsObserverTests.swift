import Foundation
import Observation
import OpenSwiftData
import Synchronization
import Testing

@Model final class Paperback {
    var title: String
    var genre: String
    var series: String?
    init(title: String, genre: String, series: String? = nil) {
        self.title = title
        self.genre = genre
        self.series = series
    }
}

/// Each test runs on the main actor, so its observers fetch and update there, as an app's would.
@MainActor @Suite struct ResultsObserverTests {
    /// Polls `condition` for up to `seconds` (generous: the whole suite shares two cores,
    /// and the observer's fetch waits its turn on the main actor).
    func waitUntil(seconds: Double = 600, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// The container of `store`, holding these books.
    func shelf(_ books: [(title: String, genre: String, series: String?)] = [], in store: TestStore) throws -> ModelContainer {
        let container = try store.container(Paperback.self, Tally.self)
        let context = ModelContext(container)
        for book in books { context.insert(Paperback(title: book.title, genre: book.genre, series: book.series)) }
        try context.save()
        return container
    }

    let books: [(title: String, genre: String, series: String?)] = [
        ("Dune", "sf", "Dune"), ("Emma", "classic", nil), ("Kindred", "sf", nil),
        ("Persuasion", "classic", nil), ("Beloved", "novel", nil), ("Hyperion", "sf", "Cantos"),
    ]

    @Test func theInitialResultsAreTheFetchsResults() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver<Paperback, Never>(filterBy: #Predicate { $0.genre == "sf" }, sortBy: [SortDescriptor(\.title)],
                                                             modelContext: ModelContext(container))
        #expect(observer.results.map(\.title) == ["Dune", "Hyperion", "Kindred"])
        #expect(observer.sections == nil)
        #expect(observer.sectionBy == nil)
    }

    @Test func everyInitialiserFetches() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<Paperback>(predicate: #Predicate { $0.genre != "novel" })
        let sf = #Predicate<Paperback> { $0.genre == "sf" }
        var counts: [Int] = []
        let observer0 = try ResultsObserver<Paperback, Never>(modelContext: context)
        counts.append(observer0.results.count)
        let observer1 = try ResultsObserver<Paperback, Never>(fetchDescriptor: descriptor, modelContext: context)
        counts.append(observer1.results.count)
        let observer2 = try ResultsObserver<Paperback, Never>(modelContainer: container)
        counts.append(observer2.results.count)
        let observer3 = try ResultsObserver<Paperback, Never>(fetchDescriptor: descriptor, modelContainer: container)
        counts.append(observer3.results.count)
        let observer4 = try ResultsObserver<Paperback, Never>(filterBy: sf, modelContext: context)
        counts.append(observer4.results.count)
        let observer5 = try ResultsObserver<Paperback, Never>(sortBy: [SortDescriptor(\.title)], modelContainer: container)
        counts.append(observer5.results.count)
        let observer6 = try ResultsObserver(fetchDescriptor: descriptor, sectionBy: \.genre, modelContext: context)
        counts.append(observer6.results.count)
        let observer7 = try ResultsObserver(fetchDescriptor: descriptor, sectionBy: \.series, modelContext: context)
        counts.append(observer7.results.count)
        let observer8 = try ResultsObserver(fetchDescriptor: descriptor, sectionBy: \.genre, modelContainer: container)
        counts.append(observer8.results.count)
        let observer9 = try ResultsObserver(fetchDescriptor: descriptor, sectionBy: \.series, modelContainer: container)
        counts.append(observer9.results.count)
        let observer10 = try ResultsObserver(filterBy: sf, sortBy: [SortDescriptor(\.title)], sectionBy: \.genre, modelContext: context)
        counts.append(observer10.results.count)
        let observer11 = try ResultsObserver(filterBy: sf, sectionBy: \.series, modelContext: context)
        counts.append(observer11.results.count)
        let observer12 = try ResultsObserver(sectionBy: \Paperback.genre, modelContainer: container)
        counts.append(observer12.results.count)
        let observer13 = try ResultsObserver(filterBy: sf, sortBy: [SortDescriptor(\.title)], sectionBy: \.series, modelContainer: container)
        counts.append(observer13.results.count)
        #expect(counts == [6, 5, 6, 5, 3, 6, 5, 5, 5, 5, 3, 3, 6, 3])
    }

    @Test func theSectionTitleTypeIsInferredFromTheInitialiser() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let unsectioned = try ResultsObserver(fetchDescriptor: FetchDescriptor<Paperback>(), modelContainer: container)
        let sectioned = try ResultsObserver(sectionBy: \Paperback.genre, modelContainer: container)
        #expect(type(of: unsectioned) == ResultsObserver<Paperback, Never>.self)
        #expect(type(of: sectioned) == ResultsObserver<Paperback, String>.self)
    }

    @Test func anObserverMadeOnAContainerHasAContextOfItsOwn() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver<Paperback, Never>(modelContainer: container)
        #expect(observer.modelContext !== container.mainContext)
        #expect(observer.modelContext.container === container)
    }

    @Test func sectionsByAStringKeyPathComeInTheOrderOfTheSort() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver(sortBy: [SortDescriptor(\.title)], sectionBy: \Paperback.genre, modelContext: ModelContext(container))
        let sections = try #require(observer.sections)
        #expect(sections.map(\.title) == ["classic", "novel", "sf"])
        #expect(sections.map { $0.map(\.title) } == [["Emma", "Persuasion"], ["Beloved"], ["Dune", "Hyperion", "Kindred"]])
        #expect(observer.results.map(\.title) == sections.flatMap { $0.map(\.title) })
    }

    @Test func sectionsByAnOptionalStringKeyPathPutNilInTheSectionTitledEmpty() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver(sortBy: [SortDescriptor(\.title)], sectionBy: \Paperback.series, modelContext: ModelContext(container))
        let sections = try #require(observer.sections)
        #expect(sections.map(\.title) == ["", "Cantos", "Dune"])
        #expect(sections[0].map(\.title) == ["Beloved", "Emma", "Kindred", "Persuasion"])
    }

    @Test func aSectionIsFoundByItsTitle() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver(sectionBy: \Paperback.genre, modelContext: ModelContext(container))
        let sections = try #require(observer.sections)
        #expect(sections.sectionTitles == ["classic", "novel", "sf"])
        #expect(sections[sectionTitle: "sf"]?.count == 3)
        #expect(sections[sectionTitle: "sf"]?.id == "sf")
        #expect(sections[sectionTitle: "poetry"] == nil)
        #expect(sections.index(ofSectionTitled: "novel") == 1)
        #expect(sections.index(ofSectionTitled: "poetry") == nil)
    }

    @Test func aSectionedObserverSortsByItsSectionFirst() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver(sortBy: [SortDescriptor(\.title, order: .reverse)], sectionBy: \Paperback.genre,
                                           modelContext: ModelContext(container))
        #expect(observer.sortBy.count == 2)
        #expect(observer.sortBy.first?.keyPath == \Paperback.genre)
        #expect(observer.sectionBy == \Paperback.genre)
        observer.sortBy = [SortDescriptor(\.title)]
        #expect(observer.sortBy.first?.keyPath == \Paperback.genre)
        #expect(observer.sections?.map(\.title) == ["classic", "novel", "sf"])
    }

    @Test func aSortThatBeginsWithTheSectionKeyIsKept() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver(sectionBy: \Paperback.genre, modelContext: ModelContext(container))
        observer.sortBy = [SortDescriptor(\.genre, order: .reverse), SortDescriptor(\.title)]
        #expect(observer.sortBy.count == 2)
        #expect(observer.sections?.map(\.title) == ["sf", "novel", "classic"])
    }

    @Test func settingFilterByFetchesAgainAtOnce() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver<Paperback, Never>(modelContext: ModelContext(container))
        observer.filterBy = #Predicate { $0.genre == "classic" }
        #expect(Set(observer.results.map(\.title)) == ["Emma", "Persuasion"])
        #expect(observer.fetchDescriptor.predicate != nil)
        observer.filterBy = nil
        #expect(observer.results.count == 6)
    }

    @Test func settingSortByFetchesAgainAtOnce() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver<Paperback, Never>(sortBy: [SortDescriptor(\.title)], modelContext: ModelContext(container))
        #expect(observer.results.first?.title == "Beloved")
        observer.sortBy = [SortDescriptor(\.title, order: .reverse)]
        #expect(observer.results.first?.title == "Persuasion")
        #expect(observer.fetchDescriptor.sortBy.count == 1)
    }

    @Test func settingFilterByOnASectionedObserverRegroupsItsSections() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver(sectionBy: \Paperback.genre, modelContext: ModelContext(container))
        observer.filterBy = #Predicate { $0.title != "Beloved" }
        #expect(observer.sections?.map(\.title) == ["classic", "sf"])
    }

    @Test func settingAFilterThatCannotBeEvaluatedLeavesNoResults() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver<Paperback, Never>(modelContext: ModelContext(container))
        observer.filterBy = #Predicate { $0.series! == "Dune" }
        #expect(observer.results.isEmpty)
    }

    @Test func aFilterThatCannotBeEvaluatedFailsTheInitialiser() throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        #expect(throws: (any Error).self) {
            _ = try ResultsObserver<Paperback, Never>(filterBy: #Predicate { $0.series! == "Dune" }, modelContainer: container)
        }
    }

    @Test func aModelTheContainerDoesNotHoldFailsTheInitialiser() throws {
        let store = TestStore()
        let container = try store.container(Tally.self)
        #expect(throws: OpenSwiftDataError.modelNotInSchema("Paperback")) {
            _ = try ResultsObserver<Paperback, Never>(modelContainer: container)
        }
    }

    @Test func theResultsUpdateAfterTheObserversContextSaves() async throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let context = ModelContext(container)
        let observer = try ResultsObserver<Paperback, Never>(modelContext: context)
        context.insert(Paperback(title: "Middlemarch", genre: "classic"))
        try context.save()
        #expect(await waitUntil { observer.results.count == 7 })
    }

    @Test func theResultsUpdateAfterAnotherContextSaves() async throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver<Paperback, Never>(modelContainer: container)
        try await Task.detached {
            let context = ModelContext(container)
            context.insert(Paperback(title: "Middlemarch", genre: "classic"))
            try context.save()
        }.value
        #expect(await waitUntil { observer.results.count == 7 })
    }

    @Test func theResultsUpdateAfterAnotherProcessCommits() async throws {
        let store = TestStore()
        let container = try shelf(in: store)
        let observer = try ResultsObserver<Tally, Never>(modelContainer: container)
        let process = try StoreWorkload.insert(store: store.url, writer: "other", count: 3,
                                               errors: store.directory.appendingPathComponent("other.err"))
        await process.ended()
        #expect(process.terminationStatus == 0)
        #expect(await waitUntil { observer.results.count == 3 })
    }

    @Test func theSectionsUpdateWhenATitleChanges() async throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver(sectionBy: \Paperback.genre, modelContainer: container)
        try await Task.detached {
            let context = ModelContext(container)
            let beloved = try context.fetch(FetchDescriptor<Paperback>(predicate: #Predicate { $0.title == "Beloved" }))
            for book in beloved { book.genre = "classic" }
            try context.save()
        }.value
        #expect(await waitUntil { observer.sections?.map(\.title) == ["classic", "sf"] })
        #expect(observer.sections?[sectionTitle: "classic"]?.count == 3)
    }

    @Test func anUpdateIsObservable() async throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver<Paperback, Never>(modelContainer: container)
        let changed = Mutex(false)
        withObservationTracking { _ = observer.results } onChange: { changed.withLock { $0 = true } }
        let context = ModelContext(container)
        context.insert(Paperback(title: "Middlemarch", genre: "classic"))
        try context.save()
        #expect(await waitUntil { changed.withLock { $0 } })
    }

    @Test func savesOfOtherModelsLeaveTheResultsAlone() async throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        let observer = try ResultsObserver<Paperback, Never>(modelContainer: container)
        let changed = Mutex(false)
        withObservationTracking { _ = observer.results } onChange: { changed.withLock { $0 = true } }
        let context = ModelContext(container)
        context.insert(Tally(writer: "unrelated", sequence: 1))
        try context.save()
        // Long enough for the poll for other processes to have looked more than once.
        try await Task.sleep(for: .seconds(1))
        #expect(!changed.withLock { $0 })
    }

    @Test func aReleasedObserverIsFreedAndNoLongerUpdates() async throws {
        let store = TestStore()
        let container = try shelf(books, in: store)
        weak var released: ResultsObserver<Paperback, Never>?
        do {
            let observer = try ResultsObserver<Paperback, Never>(modelContainer: container)
            released = observer
        }
        #expect(released == nil)
        let context = ModelContext(container)
        context.insert(Paperback(title: "Middlemarch", genre: "classic"))
        try context.save()
        try await Task.sleep(for: .milliseconds(300))
        #expect(released == nil)
    }
}
