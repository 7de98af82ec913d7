import Foundation
import GRDB
import OpenSwiftData
import Testing

/// A store whose header is sound but some of whose pages are damaged opens, and the
/// fetch or save that meets a damaged page reports the store as damaged.
@Suite struct DamagedPageTests {
    /// A store of many tags whose pages after the first few are overwritten.
    func damagedStore() throws -> TestStore {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tag.self))
            for index in 0..<2_000 { context.insert(Tag(label: "tag \(index) " + String(repeating: "x", count: 60))) }
            try context.save()
        }
        // Move every page into the main file, then damage the middle of it.
        let queue = try DatabaseQueue(path: store.url.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        let handle = try FileHandle(forWritingTo: store.url)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0x13, count: 16_384))
        try handle.close()
        return store
    }

    @Test func aFetchThatMeetsADamagedPageReportsTheStoreAsDamaged() throws {
        let store = try damagedStore()
        let context = ModelContext(try store.container(Tag.self))
        #expect(throws: OpenSwiftDataError.storeDamaged(path: store.url.path, reason: .corrupt)) {
            try context.fetch(FetchDescriptor<Tag>())
        }
    }
}

/// With `checksIntegrityBeforeFirstWrite`, a damaged page that no statement reads
/// still stops the first write.
@Suite struct IntegrityBeforeWriteTests {
    func configuration(_ store: TestStore, checking: Bool) -> ModelConfiguration {
        var configuration = ModelConfiguration(url: store.url)
        configuration.checksIntegrityBeforeFirstWrite = checking
        return configuration
    }

    @Test func aSaveToAStoreWithADamagedPageIsRefusedWhenTheCheckIsOn() throws {
        let store = try DamagedPageTests().damagedStore()
        let container = try ModelContainer(for: Tag.self, configurations: configuration(store, checking: true))
        let context = ModelContext(container)
        context.insert(Tag(label: "new"))
        #expect(throws: OpenSwiftDataError.storeDamaged(path: store.url.path, reason: .corrupt)) { try context.save() }
        #expect(context.hasChanges)
    }

    @Test func aRefusedSaveWritesNothing() throws {
        let store = try DamagedPageTests().damagedStore()
        let before = try Data(contentsOf: store.url)
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: configuration(store, checking: true)))
        context.insert(Tag(label: "new"))
        _ = try? context.save()
        // A committed write would have left its pages in the write-ahead log.
        let log = (try? FileManager.default.attributesOfItem(atPath: store.url.path + "-wal"))?[.size] as? Int ?? 0
        #expect(log == 0)
        #expect(try Data(contentsOf: store.url) == before)
    }

    @Test func aSoundStorePassesTheCheckAndSaves() throws {
        let store = TestStore()
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: configuration(store, checking: true)))
        context.insert(Tag(label: "new"))
        try context.save()
        #expect(try ModelContext(try store.container(Tag.self)).fetchCount(FetchDescriptor<Tag>()) == 1)
    }

    @Test func withoutTheCheckASaveThatMeetsNoDamagedPageGoesThrough() throws {
        let store = try DamagedPageTests().damagedStore()
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: configuration(store, checking: false)))
        context.insert(Tag(label: "new"))
        try context.save()
        #expect(!context.hasChanges)
    }
}
