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
