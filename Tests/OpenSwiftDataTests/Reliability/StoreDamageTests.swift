import Foundation
import GRDB
import OpenSwiftData
import Testing

/// A damaged store file is reported as `storeDamaged`, naming what is wrong, and the
/// failed open changes no byte or modification time of it, of its `-wal` or of its `-shm`.
@Suite struct StoreDamageTests {
    /// The bytes and modification times of the store and its companions, nil for a file that does not exist.
    static func files(_ url: URL) -> [String: FileState?] { FileState.store(url) }

    /// Opens the store with the engine and returns what it threw.
    static func openError(_ store: TestStore) -> OpenSwiftDataError? {
        do {
            _ = try store.container(Tag.self)
            return nil
        } catch {
            return OpenSwiftDataError(explaining: error)
        }
    }

    /// A valid SQLite database of several pages in rollback-journal mode (no `-wal`).
    static func writeDatabase(_ url: URL) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t(x TEXT)")
            for index in 0..<200 { try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [String(repeating: "\(index)", count: 40)]) }
        }
        try queue.close()
    }

    @Test func aGarbageFileWithAWriteAheadLogBesideItIsReportedAndTheLogIsKept() throws {
        let store = TestStore()
        try Data(repeating: 0x5A, count: 8_192).write(to: store.url)
        try Data("the last saves, which must survive".utf8).write(to: URL(fileURLWithPath: store.url.path + "-wal"))
        try Data(repeating: 0x01, count: 32_768).write(to: URL(fileURLWithPath: store.url.path + "-shm"))
        let before = Self.files(store.url)
        #expect(Self.openError(store) == .storeDamaged(path: store.url.path, reason: .notSQLite))
        #expect(Self.files(store.url) == before)
    }

    // It does begin with SQLite's header: what is wrong is the header itself.
    @Test func aFileWithAnSQLiteHeaderAndAnImpossiblePageSizeIsReportedDamagedNotForeign() throws {
        let store = TestStore()
        try (Data("SQLite format 3\0".utf8) + Data(repeating: 0x42, count: 4_080)).write(to: store.url)
        let before = Self.files(store.url)
        #expect(Self.openError(store) == .storeDamaged(path: store.url.path, reason: .corrupt))
        #expect(Self.files(store.url) == before)
    }

    @Test func aTruncatedFileIsReportedWithItsExpectedAndActualSize() throws {
        let store = TestStore()
        try Self.writeDatabase(store.url)
        let whole = try Data(contentsOf: store.url)
        try whole.prefix(whole.count / 2).write(to: store.url)
        let before = Self.files(store.url)
        #expect(Self.openError(store) == .storeDamaged(path: store.url.path,
                                                       reason: .truncated(expectedBytes: whole.count, actualBytes: whole.count / 2)))
        #expect(Self.files(store.url) == before)
    }

    @Test func aFileCutInsideItsHeaderIsReportedAsTruncated() throws {
        let store = TestStore()
        try Self.writeDatabase(store.url)
        try Data(try Data(contentsOf: store.url).prefix(60)).write(to: store.url)
        let before = Self.files(store.url)
        #expect(Self.openError(store) == .storeDamaged(path: store.url.path, reason: .truncated(expectedBytes: 100, actualBytes: 60)))
        #expect(Self.files(store.url) == before)
    }

    @Test func anOldEmptyFileIsReportedAsEmpty() throws {
        let store = TestStore()
        try Data().write(to: store.url)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: store.url.path)
        let before = Self.files(store.url)
        #expect(Self.openError(store) == .storeDamaged(path: store.url.path, reason: .empty))
        #expect(Self.files(store.url) == before)
    }

    @Test func anEmptyFileJustCreatedIsTakenForAStoreBeingCreated() throws {
        let store = TestStore()
        try Data().write(to: store.url)
        #expect(Self.openError(store) == nil)
    }

    @Test func aDirectoryIsReportedAsNotAStoreFile() throws {
        let store = TestStore()
        try FileManager.default.createDirectory(at: store.url, withIntermediateDirectories: false)
        let modified = try FileManager.default.attributesOfItem(atPath: store.url.path)[.modificationDate] as? Date
        #expect(Self.openError(store) == .storeDamaged(path: store.url.path, reason: .isDirectory))
        #expect(Self.files(store.url)["-wal"] == .some(nil))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.url.path).isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: store.url.path)[.modificationDate] as? Date == modified)
    }

    @Test func aFileWhosePagesAreGarbageBehindAValidHeaderIsReportedAsCorrupt() throws {
        let store = TestStore()
        try Self.writeDatabase(store.url)
        var bytes = try Data(contentsOf: store.url)
        bytes.replaceSubrange(100..<4_096, with: Data(repeating: 0xFF, count: 3_996))
        try bytes.write(to: store.url)
        let before = Self.files(store.url)
        #expect(Self.openError(store) == .storeDamaged(path: store.url.path, reason: .corrupt))
        #expect(Self.files(store.url) == before)
    }

    @Test func theMessageNamesTheFileAndWhatToDo() {
        let message = OpenSwiftDataError.storeDamaged(path: "/data/default.store", reason: .notSQLite).description
        #expect(message.contains("/data/default.store"))
        #expect(message.contains("SQLite header"))
        #expect(message.contains("move it"))
    }
}
