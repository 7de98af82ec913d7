import Foundation
import OpenSwiftData
import Testing

@ModelActor
actor TagImporter {
    func importTags(_ labels: [String]) throws -> [PersistentIdentifier] {
        let tags = labels.map(Tag.init(label:))
        tags.forEach(modelContext.insert)
        try modelContext.save()
        return tags.map(\.persistentModelID)
    }

    func label(of id: PersistentIdentifier) -> String? {
        self[id, as: Tag.self]?.label
    }
}

@Suite struct ModelActorTests {
    @Test func aModelActorSavesOnItsOwnContext() async throws {
        let container = try inMemoryContainer(Tag.self)
        let importer = TagImporter(modelContainer: container)
        let ids = try await importer.importTags(["a", "b"])
        #expect(ids.count == 2)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 2)
    }

    @Test func aModelActorResolvesIdentifiersFromOtherContexts() async throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        let tag = Tag(label: "from main")
        context.insert(tag)
        try context.save()
        let importer = TagImporter(modelContainer: container)
        #expect(await importer.label(of: tag.persistentModelID) == "from main")
    }

    @Test func concurrentModelActorsShareOneStore() async throws {
        let container = try inMemoryContainer(Tag.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let importer = TagImporter(modelContainer: container)
                    _ = try await importer.importTags((0..<25).map { "w\(worker)-\($0)" })
                }
            }
            try await group.waitForAll()
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 100)
    }
}
