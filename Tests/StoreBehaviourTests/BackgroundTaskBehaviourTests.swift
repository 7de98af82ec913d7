import Foundation
import OpenSwiftData
import Testing

/// `performBackgroundTask`: what an async server handler uses instead of blocking its thread.
@Suite struct BackgroundTaskBehaviourTests {
    @Test(arguments: StoreKind.available)
    func aBackgroundTaskSavesAndReturnsItsResult(_ kind: StoreKind) async throws {
        let store = try BehaviourStore(kind, for: [Book.self])
        let container = try store.container()
        let saved = try await container.performBackgroundTask { context in
            context.insert(Book(title: "Dune", pages: 412))
            try context.save()
            return try context.fetchCount(FetchDescriptor<Book>())
        }
        #expect(saved == 1)
        let titles = try await container.performBackgroundTask { context in
            try context.fetch(FetchDescriptor<Book>()).map(\.title)
        }
        #expect(titles == ["Dune"])
    }

    @Test(arguments: StoreKind.available)
    func aBackgroundTasksErrorIsThrownToTheCaller(_ kind: StoreKind) async throws {
        let store = try BehaviourStore(kind, for: [Shelf.self])
        let container = try store.container()
        try await container.performBackgroundTask { context in
            let shelf = Shelf(label: "A")
            context.insert(shelf)
            shelf.books = [Book(title: "Dune", pages: 412)]
            try context.save()
        }
        await #expect(throws: (any Error).self) {
            try await container.performBackgroundTask { context in
                for shelf in try context.fetch(FetchDescriptor<Shelf>()) { context.delete(shelf) }
                try context.save()
            }
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Shelf>()) == 1)
    }
}
