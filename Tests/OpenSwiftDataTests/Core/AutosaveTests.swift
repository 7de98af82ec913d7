import Foundation
import OpenSwiftData
import Testing

@Suite struct AutosaveTests {
    @MainActor @Test func theMainContextSavesOnTheMainActorAfterAChange() async throws {
        let container = try inMemoryContainer(Tag.self)
        container.mainContext.insert(Tag(label: "a"))
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 0)
        for _ in 0..<10 where container.mainContext.hasChanges { await Task.yield() }
        #expect(!container.mainContext.hasChanges)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 1)
    }

    @Test func contextsYouCreateDoNotAutosaveByDefault() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        #expect(!context.autosaveEnabled)
        context.insert(Tag(label: "a"))
        _ = try context.fetch(FetchDescriptor<Tag>())
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 0)
    }

    @Test func anAutosavingContextSavesBeforeItsNextFetch() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        context.autosaveEnabled = true
        context.insert(Tag(label: "a"))
        _ = try context.fetch(FetchDescriptor<Tag>())
        #expect(!context.hasChanges)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 1)
    }

    @Test func processPendingChangesSavesAnAutosavingContext() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        context.autosaveEnabled = true
        context.insert(Tag(label: "a"))
        context.processPendingChanges()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 1)
    }
}
