import Foundation
import OpenSwiftData
import Synchronization
import Testing

/// Which SQLite connection a fetch of a file store reads on: the writer's, while the
/// process has never read and written at once, so that a tool or an app's start keeps one
/// connection (and SQLite parses the store's schema once); a reader of its own as soon as
/// a fetch would meet a write, which it never waits for.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "counts open files through /proc/self/fd"))
struct ReadConnectionTests {
    /// How many of this process's open files are the store file itself: one a connection.
    private func connections(to store: TestStore) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) == store.url.path
        }
    }

    @Test func fetchesAndSavesOnOneThreadShareOneConnectionToTheStore() throws {
        let store = TestStore()
        let container = try store.container(Author.self, Book.self, Tag.self)
        let context = ModelContext(container)
        context.insert(Author(name: "Le Guin"))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Author>()) == 1)
        context.insert(Author(name: "Jemisin"))
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Author>()).count == 2)
        #expect(try connections(to: store) == 1)
    }

    @Test func aFetchDuringAnotherThreadsTransactionReadsOnAConnectionOfItsOwnWithoutWaiting() async throws {
        let store = TestStore()
        let container = try store.container(Author.self, Book.self, Tag.self)
        let context = ModelContext(container)
        context.insert(Author(name: "Le Guin"))
        try context.save()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let transactionOpen = Atomic<Bool>(true)
        let transaction = Task.detached {
            try await onOwnThread {
                let writer = ModelContext(container)
                try writer.transaction {
                    started.signal()
                    // Bounded, so that a fetch that waited for the transaction fails the test rather than hangs it.
                    _ = release.wait(timeout: .now() + 5)
                    writer.insert(Author(name: "Jemisin"))
                }
                transactionOpen.store(false, ordering: .sequentiallyConsistent)
            }
        }
        let (names, fetchedWhileOpen) = try await onOwnThread {
            started.wait()
            let names = try ModelContext(container).fetch(FetchDescriptor<Author>()).map(\.name)
            return (names, transactionOpen.load(ordering: .sequentiallyConsistent))
        }
        release.signal()
        try await transaction.value
        #expect(fetchedWhileOpen)
        #expect(names == ["Le Guin"])
        #expect(try connections(to: store) == 2)
    }
}
