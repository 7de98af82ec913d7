import Foundation
import OpenSwiftData
import Testing

/// A container no one holds any more closes its store's files, whatever its contexts did:
/// a program (a test suite, a server) that opens containers one after another keeps no
/// file open for each.
@Suite struct ReleasedContainerTests {
    /// The descriptors this process has open on files of `store`'s folder.
    static func openFiles(of store: TestStore) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { descriptor in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"),
                  target.hasPrefix(store.directory.path + "/") else { return nil }
            return (target as NSString).lastPathComponent
        }
    }

    @Test func aReleasedContainerClosesItsStoresFiles() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tag.self))
            context.insert(Tag(label: "a"))
            try context.save()
            #expect(!Self.openFiles(of: store).isEmpty)
        }
        #expect(Self.openFiles(of: store) == [])
    }

    @Test func aReleasedContainerWhoseMainContextWasUsedClosesItsStoresFiles() async throws {
        let store = TestStore()
        do {
            let container = try store.container(Tag.self)
            try await MainActor.run {
                container.mainContext.insert(Tag(label: "a"))
                try container.mainContext.save()
            }
        }
        // The autosave the insert scheduled keeps the context until it has run on the main actor,
        // which the whole test run shares: the wait is long, and a store closed returns at once.
        let deadline = Date().addingTimeInterval(600)
        while !Self.openFiles(of: store).isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(Self.openFiles(of: store) == [])
    }

    @Test func aReleasedContainerWhoseContextRecordedUndoClosesItsStoresFiles() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tag.self))
            context.undoManager = UndoManager()
            let tag = Tag(label: "a")
            context.insert(tag)
            tag.label = "b"
            try context.save()
            #expect(context.undoManager?.canUndo == true)
        }
        #expect(Self.openFiles(of: store) == [])
    }

    /// The models outlive their context, and move to a successor context that they keep.
    @Test func aReleasedContainerWhoseModelsReadAToManyWithoutInverseAfterTheirContextClosesItsStoresFiles() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Playlist.self, Book.self))
            let playlist = Playlist(name: "a")
            context.insert(playlist)
            playlist.books = [Book(title: "b")]
            try context.save()
        }
        do {
            let counts = try ModelContext(try store.container(Playlist.self, Book.self)).fetch(FetchDescriptor<Playlist>()).map(\.books.count)
            #expect(counts == [1])
        }
        #expect(Self.openFiles(of: store) == [])
    }

    @Test func aReleasedContainerOfAModelActorClosesItsStoresFiles() async throws {
        let store = TestStore()
        do {
            let importer = TagImporter(modelContainer: try store.container(Tag.self))
            _ = try await importer.importTags(["a", "b"])
        }
        #expect(Self.openFiles(of: store) == [])
    }

    @MainActor @Test func aMainContextKeptAfterItsContainerIsReleasedStillSaves() throws {
        let store = TestStore()
        let context = try store.container(Tag.self).mainContext
        context.insert(Tag(label: "kept"))
        try context.save()
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).map(\.label) == ["kept"])
    }

    @MainActor @Test func aMainContextKeptAfterItsContainerIsReleasedIsTheMainContextOfTheContainerItGives() throws {
        let store = TestStore()
        let context = try store.container(Tag.self).mainContext
        #expect(context.container.mainContext === context)
    }

    @MainActor @Test func aMainContextGivesTheContainerThatMadeItWhileThatContainerIsHeld() throws {
        let store = TestStore()
        let container = try store.container(Tag.self)
        #expect(container.mainContext.container === container)
    }
}
